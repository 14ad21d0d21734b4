/**
 * Password accounts in process: `Auth()` answers, a real SMTP server (the local mailbox) receives the messages
 * through the real Nodemailer sender, and a real adapter (memory or SQLite) stores users and hashes.
 */
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { SQLiteAdapter, migrate as migrateSqlite } from '../../src/adapters/sqlite.js'
import type { Adapter } from '../../src/adapters/adapter.js'
import { Auth } from '../../src/auth.js'
import { attachClientAddress } from '../../src/rate-limit/client-address.js'
import Nodemailer from '../../src/providers/nodemailer.js'
import Password, { type PasswordOptions } from '../../src/passwords/password.js'
import { argon2Hasher } from '../../src/passwords/argon2-hasher.js'
import type { StoresOptions } from '../../src/stores/stores-options.js'
import { startLocalMailbox, type LocalMailbox, type MailboxMessage } from '../../src/testing/local-mailbox.js'
import type { AuthConfig } from '../../src/types.js'
import type { CookieJar } from '../support/cookie-jar.js'
import { freshSqlite } from '../support/test-databases.js'

export const ORIGIN = 'http://app.test'
export const SECRET = 'a-password-test-secret-of-at-least-32-characters'
export const GOOD_PASSWORD = 'correct horse battery staple'

/** Cheap argon2id for tests that hash many times; the stored-format tests use the defaults. */
export const FAST_HASHING = { memoryCost: 8192, timeCost: 1, parallelism: 1 }

export interface PasswordRig {
  config: AuthConfig
  adapter: Required<Adapter>
  mailbox: LocalMailbox
  /** Errors the configuration logged. */
  errors: Error[]
  /** A request through `Auth()`, cookies through `jar`. */
  call(jar: CookieJar, path: string, init?: RequestInit): Promise<Response>
  /** GET /auth/csrf in `jar`. */
  csrf(jar: CookieJar): Promise<string>
  /** A same-origin form POST with the jar's CSRF token (unless `fields.csrfToken` is given). */
  post(
    jar: CookieJar,
    path: string,
    fields: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Response>
  /** The next message to `to`, and the first link in it that contains `path`. */
  linkTo(to: string, path: string): Promise<{ message: MailboxMessage; url: URL }>
  /** The user signed in on `jar`, by GET /session. */
  session(jar: CookieJar): Promise<{ user?: { email?: string } } | null>
  close(): Promise<void>
}

export interface RigOptions {
  backend?: 'memory' | 'sqlite'
  strategy?: 'jwt' | 'database'
  password?: PasswordOptions
  stores?: StoresOptions
  events?: AuthConfig['events']
  adapter?: Required<Adapter>
  /** The sender's e-mail send limits (`false`: none). */
  senderLimits?: false
}

/** Starts a mailbox and builds a configuration with one Password provider sending through it. */
export async function passwordRig(options: RigOptions = {}): Promise<PasswordRig> {
  const mailbox = await startLocalMailbox()
  let adapter: Required<Adapter>
  if (options.adapter) adapter = options.adapter
  else if (options.backend === 'sqlite') {
    const db = freshSqlite()
    await migrateSqlite(db)
    adapter = SQLiteAdapter(db)
  } else adapter = MemoryAdapter()
  const errors: Error[] = []
  const sender = Nodemailer({
    server: mailbox.url,
    from: 'App <no-reply@app.test>',
    ...(options.senderLimits === false ? { limits: false as const } : {}),
  })
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: options.strategy ?? 'jwt' },
    providers: [Password({ sender, hashing: FAST_HASHING, ...options.password })],
    logger: { warn() {}, debug() {}, error: (e: Error) => void errors.push(e) },
    ...(options.stores ? { stores: options.stores } : {}),
    ...(options.events ? { events: options.events } : {}),
  }
  const seen = new Map<string, number>()
  async function call(jar: CookieJar, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    const cookie = jar.header()
    if (cookie) headers.set('cookie', cookie)
    // The client address as an integration passes it (data on the request, never a header Gatehouse reads).
    const client = headers.get('x-test-client')
    headers.delete('x-test-client')
    const request = new Request(`${ORIGIN}${path}`, { ...init, headers })
    if (client !== null) attachClientAddress(request, client)
    const response = await Auth(request, config)
    jar.take(response)
    return response
  }
  async function csrf(jar: CookieJar) {
    const res = await call(jar, '/auth/csrf')
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }
  return {
    config,
    adapter,
    mailbox,
    errors,
    call,
    csrf,
    async post(jar, path, fields, headers = {}) {
      const body = new URLSearchParams({ csrfToken: fields.csrfToken ?? (await csrf(jar)), ...fields })
      return call(jar, path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
        body,
      })
    },
    async linkTo(to, path) {
      const from = seen.get(to) ?? 0
      const deadline = Date.now() + 10_000
      for (;;) {
        const mine = mailbox.messages.filter((m) => m.envelope.to.includes(to))
        if (mine.length > from) {
          seen.set(to, from + 1)
          const message = mine[from]!
          const found = /https?:\/\/[^\s"<>]+/g
          for (const match of message.text.match(found) ?? []) {
            if (match.includes(path)) return { message, url: new URL(match) }
          }
          throw new Error(`no link to ${path} in "${message.subject}"`)
        }
        if (Date.now() > deadline) throw new Error(`no message to ${to}`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    async session(jar) {
      const res = await call(jar, '/auth/session')
      return (await res.json()) as { user?: { email?: string } } | null
    },
    close: () => mailbox.close(),
  }
}

/** The middle of `values` (the upper one of an even count): what timing tests compare, as one slow run moves it little. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Whether two medians are alike within a loaded machine's noise: 25 ms apart, or half the larger. One SMTP send in
 * process (about 150 ms) against none (under 1 ms) is far outside it.
 */
export function withinNoise(a: number, b: number): boolean {
  return Math.abs(a - b) < Math.max(25, 0.5 * Math.max(a, b))
}

/** Signs up, opens the verification link and confirms it: a verified account, signed in on `jar`. */
export async function signUpVerified(
  rig: PasswordRig,
  jar: CookieJar,
  email: string,
  password = GOOD_PASSWORD,
) {
  const res = await rig.post(jar, '/auth/signup/password', { email, password })
  if (res.status !== 302) throw new Error(`sign-up answered ${res.status}`)
  const { url } = await rig.linkTo(email, '/auth/verify-email')
  const page = await rig.call(jar, `${url.pathname}${url.search}`)
  if (page.status !== 200) throw new Error(`verify page answered ${page.status}`)
  return rig.post(jar, '/auth/verify-email', {
    token: url.searchParams.get('token')!,
    email: url.searchParams.get('email')!,
  })
}

/** A verified user with a password, written straight to the adapter (for tests of other parts). */
export async function seedPasswordUser(adapter: Required<Adapter>, email: string, password = GOOD_PASSWORD) {
  const user = await adapter.createUser({
    id: crypto.randomUUID(),
    email,
    emailVerified: new Date(),
    name: 'Seeded',
  })
  await adapter.setPasswordHash(user.id, await argon2Hasher(FAST_HASHING).hash(password))
  return user
}

/** A configuration with one Password provider over `adapter` (its sender is never reached by sign-in). */
export function passwordConfig(adapter: Required<Adapter>, extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: { warn() {}, debug() {}, error() {} },
    providers: [
      Password({
        sender: Nodemailer({ server: 'smtp://127.0.0.1:9', from: 'a@app.test' }),
        hashing: FAST_HASHING,
      }),
    ],
    ...extra,
  }
}
