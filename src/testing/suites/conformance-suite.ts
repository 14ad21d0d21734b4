/**
 * What a suite file of the adapter conformance suite is made of: the runner it registers tests with, the raw reads
 * every adapter author writes, and the context each suite gets. A leaf: the suite files and `adapterConformance`
 * import it, it imports none of them.
 *
 * @module
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterMethod,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from '../../adapters/adapter.js'

/** A value or a promise of it. */
export type Awaitable<T> = T | PromiseLike<T>

/** What the suite needs of a test runner; Vitest, Jest and `node:test` all fit. */
export interface TestRunner {
  describe: (name: string, fn: () => void) => unknown
  it: (name: string, fn: () => Promise<void>) => unknown
  beforeAll: (fn: () => Promise<void> | void) => unknown
  afterAll: (fn: () => Promise<void> | void) => unknown
  /**
   * Registers a test that is reported as skipped, with the reason, never as passed. Vitest:
   * `(name, reason) => it(name, (ctx) => ctx.skip(reason))`; `node:test`: `(name, reason) => it(name, { skip:
   * reason })`; Jest: `(name, reason) => it.skip(`${name} (${reason})`, () => {})`.
   */
  skip: (name: string, reason: string) => unknown
}

/**
 * Raw reads of the adapter's storage, written by the adapter's author with queries of their own, so that the
 * suite checks what was stored and not only what the adapter says it stored. Each returns `null` when absent.
 * A capability that needs more declares its own reads in its suite file.
 */
export interface CoreReads {
  /** Runs before the suite (e.g. create a fresh schema and migrate). */
  connect?: () => Awaitable<void>
  /** Runs after the suite (e.g. drop the schema, end the pool). */
  disconnect?: () => Awaitable<void>
  user: (id: string) => Awaitable<AdapterUser | null>
  account: (ref: { provider: string; providerAccountId: string }) => Awaitable<AdapterAccount | null>
  session: (sessionToken: string) => Awaitable<AdapterSession | null>
  verificationToken: (ref: { identifier: string; token: string }) => Awaitable<VerificationToken | null>
}

/** What a suite file gets to register its tests. */
export interface SuiteContext<Reads extends object = object> {
  /**
   * Registers one test. For a capability the adapter does not declare, the test is reported as skipped with the
   * reason; for one it declares, the test first checks that the capability's methods are there.
   */
  readonly it: (title: string, fn: () => Promise<void>) => void
  /** The adapter under test (made once, after `db.connect`), its methods typed present. */
  readonly adapter: () => Required<Adapter>
  /** The raw reads. */
  readonly db: CoreReads & Reads
  /** A suffix unique to this run: fixed ids and e-mails would collide when a suite re-runs on a kept database. */
  readonly run: string
  /** A user to create, with an e-mail unique to this run. */
  readonly newUser: (tag: string) => AdapterUser
}

/** One part of the adapter contract with its tests: a file under `testing/suites/`. */
export interface ConformanceSuite<Name extends string = string, Reads extends object = object> {
  /** For a capability, the name an adapter declares in `capabilities`; for a core part, its name. */
  readonly name: Name
  /** The title of the suite's `describe`. */
  readonly title: string
  /** The adapter methods a capability stands for: a declared capability fails when one is missing. */
  readonly methods: readonly AdapterMethod[]
  /** Registers the tests. */
  readonly define: (t: SuiteContext<Reads>) => void
}

/**
 * Declares a suite file's suite, keeping its name as a literal type (the capability names are derived from the
 * list of suites) and its extra raw reads as `Reads` (the `db` option's type is derived from them too).
 */
export function conformanceSuite<const Name extends string, Reads extends object = object>(
  suite: ConformanceSuite<Name, Reads>,
): ConformanceSuite<Name, Reads> {
  return Object.freeze({ ...suite, methods: Object.freeze([...suite.methods]) })
}

/** An expiry an hour from now, on a whole second, which every dialect stores exactly. */
export const inAnHour = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000)
