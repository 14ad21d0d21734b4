/**
 * Better Auth's e-mail and password sign-in, set up as its documentation says: `betterAuth` over its own
 * better-sqlite3 database, `emailAndPassword: { enabled: true }`, its tables created by its own `getMigrations`, one
 * user created through its sign-up endpoint. The anchor of `bench/password-sign-in.ts`.
 *
 * @module
 */
import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { betterAuth } from 'better-auth'
import { verifyPassword } from 'better-auth/crypto'
import { getMigrations } from 'better-auth/db/migration'
import type { Operation } from './measure.js'

const ORIGIN = 'http://bench.test'

/** What the benchmark needs of Better Auth: one sign-in, and one verify of the stored hash alone. */
export interface BetterAuthSignIn {
  /** The pinned version, read from its package.json. */
  readonly version: string
  /** `POST /api/auth/sign-in/email` through `auth.handler`, right password; throws on anything but a session. */
  readonly signIn: Operation
  /** Its password verify on the hash its sign-up stored, nothing else. */
  readonly verify: Operation
  close(): void
}

/** Builds Better Auth with one user whose password is `password`, and checks that signing in works. */
export async function betterAuthSignIn(email: string, password: string): Promise<BetterAuthSignIn> {
  const database = new Database(':memory:')
  const auth = betterAuth({
    baseURL: ORIGIN,
    secret: 'a-benchmark-secret-of-at-least-32-characters!',
    database,
    emailAndPassword: { enabled: true },
    // Its limiter would refuse a client signing in hundreds of times a second; Gatehouse's throttle counts only
    // failures, so a right password is never slowed there either. Off on both sides: the sign-in is what is timed.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: true },
  })
  const { runMigrations } = await getMigrations(auth.options)
  await runMigrations()

  const post = (path: string, body: object) =>
    auth.handler(
      new Request(`${ORIGIN}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(body),
      }),
    )
  const signedUp = await post('/sign-up/email', { email, password, name: 'Bench' })
  if (signedUp.status !== 200) throw new Error(`Better Auth sign-up answered ${signedUp.status}`)
  await signedUp.arrayBuffer()

  const body = { email, password }
  async function signIn(): Promise<void> {
    const res = await post('/sign-in/email', body)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))
    await res.arrayBuffer()
    if (res.status !== 200 || cookie === undefined)
      throw new Error(`Better Auth sign-in answered ${res.status}`)
  }
  await signIn()

  // The hash its sign-up stored, in the table its migration made (`account`, provider `credential`).
  const row = database.prepare(`SELECT password FROM account WHERE providerId = 'credential'`).get() as
    { password: string } | undefined
  if (row === undefined) throw new Error('Better Auth stored no password hash')
  const hash = row.password
  // Its package.json is not among its exports; the installed copy is the one this repository pins.
  const pkg = JSON.parse(
    readFileSync(new URL('../node_modules/better-auth/package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  return {
    version: pkg.version,
    signIn,
    async verify() {
      if (!(await verifyPassword({ hash, password }))) throw new Error('Better Auth verify failed')
    },
    close: () => database.close(),
  }
}
