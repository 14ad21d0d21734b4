import assert from 'node:assert/strict'
import type { Adapter } from '../adapters/adapter.js'
import { capabilitySuites, coreSuites } from './conformance-suites.js'
import type { ConformanceSuite, CoreReads, SuiteContext, TestRunner } from './suites/conformance-suite.js'

export type { TestRunner } from './suites/conformance-suite.js'

type Suite = (typeof coreSuites)[number] | (typeof capabilitySuites)[number]
type ReadsOf<S> = S extends ConformanceSuite<string, infer Reads> ? Reads : never
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/**
 * The optional parts of the adapter contract, each tested only when declared. The core (users, accounts, sessions,
 * verification tokens, user deletion) is always tested.
 */
export type AdapterCapability = (typeof capabilitySuites)[number]['name']

/**
 * Raw reads of the adapter's storage, written by the adapter's author with queries of their own, so that the
 * suite checks what was stored and not only what the adapter says it stored. Each returns `null` when absent.
 * `authenticator` is required when the adapter declares the `authenticators` capability.
 */
export type ConformanceDb = CoreReads & Intersection<ReadsOf<Suite>>

/** The adapter methods each capability stands for. */
export const capabilityMethods: Readonly<Record<AdapterCapability, ReadonlyArray<keyof Adapter>>> =
  Object.freeze(
    Object.fromEntries(capabilitySuites.map((suite) => [suite.name, suite.methods])) as Record<
      AdapterCapability,
      ReadonlyArray<keyof Adapter>
    >,
  )

/** Options of {@link adapterConformance}. */
export interface ConformanceOptions {
  /** Shown in the test names. */
  name: string
  /** Called once, after `db.connect`. */
  adapter: () => Adapter
  db: ConformanceDb
  runner: TestRunner
  /**
   * The optional capabilities the adapter claims. A declared capability whose methods are missing fails; one not
   * declared is reported as skipped with the reason, so a run never counts a case it did not make.
   */
  capabilities: readonly AdapterCapability[]
}

/**
 * The adapter conformance suite, one suite per part of the contract (users, accounts, sessions, verification
 * tokens, user deletion, and the optional capabilities). Optional capabilities run when declared in
 * `capabilities` (and fail when their methods are missing); the others are reported as skipped with the reason.
 *
 * @example
 * ```ts
 * import { describe, it, beforeAll, afterAll } from 'vitest'
 * adapterConformance({ name: 'mine', adapter: () => MyAdapter(pool), db: rawReads, runner: { describe, it, beforeAll, afterAll } })
 * ```
 */
export function adapterConformance({
  name,
  adapter: make,
  db,
  runner,
  capabilities,
}: ConformanceOptions): void {
  const { describe, beforeAll, afterAll } = runner
  const declared = new Set<string>(capabilities)
  // Fixed ids would collide when a suite re-runs on a kept database; a run suffix keeps every run fresh.
  const run = crypto.randomUUID().slice(0, 8)
  let adapter: Adapter = {}

  /** The context of one suite: its tests check the suite's methods first, or are skipped when not declared. */
  const contextOf = (suite: Suite, optional: boolean): SuiteContext<ConformanceDb> => ({
    it(title, fn) {
      if (optional && !declared.has(suite.name)) {
        runner.skip(title, `capability "${suite.name}" not declared by the adapter`)
        return
      }
      runner.it(title, async () => {
        const missing = suite.methods.filter((m) => typeof adapter[m] !== 'function')
        assert.deepEqual(
          missing,
          [],
          optional
            ? `capability "${suite.name}" is declared, but the adapter lacks ${missing.join(', ')}`
            : `every adapter needs ${missing.join(', ')}, which this one lacks`,
        )
        await fn()
      })
    },
    adapter: () => adapter as Required<Adapter>,
    db,
    run,
    newUser: (tag) => ({
      id: crypto.randomUUID(),
      name: `User ${tag}`,
      email: `${tag}-${run}@example.com`,
      emailVerified: null,
      image: `https://example.com/${tag}.png`,
    }),
  })

  describe(`adapter conformance: ${name}`, () => {
    beforeAll(async () => {
      await db.connect?.()
      adapter = make()
    })
    afterAll(async () => {
      await db.disconnect?.()
    })
    for (const suite of coreSuites) describe(suite.title, () => suite.define(contextOf(suite, false)))
    for (const suite of capabilitySuites) describe(suite.title, () => suite.define(contextOf(suite, true)))
  })
}
