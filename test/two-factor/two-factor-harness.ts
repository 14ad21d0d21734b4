/**
 * Two-factor sign-in in tests: a configuration with `twoFactor`, a credentials provider whose users live in the
 * adapter, callbacks and events recorded, requests answered in process; and what a person does at the pages
 * (read the secret from the setup page, type codes computed with the test's own RFC 6238 implementation).
 */
import { vi } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { resolveConfig, type ResolvedConfig } from '../../src/config/resolve-config.js'
import type { AuthError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { TwoFactorEvent } from '../../src/two-factor/two-factor-options.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { CookieJar } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { inProcess, recording, seenRecord, type Seen } from '../sign-in-gates/gate-harness.js'

export const ORIGIN = 'http://app.test'
export const SECRET = 'a-two-factor-test-secret-of-32-characters!'
export const PENDING = 'gatehouse.pending-sign-in'
export const SESSION = 'authjs.session-token'
export const TRUSTED = 'gatehouse.two-factor-trusted'

export const USERS = [
  { id: 'alice-id', name: 'Alice', email: 'alice@example.test', emailVerified: null },
  { id: 'bob-id', name: 'Bob', email: 'bob@example.test', emailVerified: null },
]

export type TwoFactorApp = ReturnType<typeof twoFactorApp>

/** An application with two-factor sign-in over `adapter` (a fresh memory adapter by default). */
export function twoFactorApp(
  more: Partial<AuthConfig> & { adapter?: Adapter } = {},
  options: { seen?: Seen; events?: TwoFactorEvent[] } = {},
) {
  const seen = options.seen ?? seenRecord()
  const events = options.events ?? []
  const logger = quietLogger()
  const adapter = more.adapter ?? MemoryAdapter()
  const config: AuthConfig = recording(seen, {
    secret: SECRET,
    trustHost: true,
    logger,
    adapter,
    twoFactor: { issuer: 'Gatehouse Test' },
    providers: [
      Credentials({
        id: 'pw',
        credentials: { email: {}, password: {} },
        // The adapter's own user, so the session and the second factor name the same id.
        authorize: async ({ email, password }) =>
          password === 'secret' ? ((await adapter.getUserByEmail!(String(email))) ?? null) : null,
      }),
    ],
    ...more,
  })
  config.events = { ...config.events, twoFactor: (event) => void events.push(event) }
  const resolved: ResolvedConfig = resolveConfig(config, {})
  return { seen, events, logger, adapter, resolved, browser: inProcess(resolved, ORIGIN) }
}

/** The users of {@link USERS}, created in the adapter. */
export async function createUsers(adapter: Adapter): Promise<void> {
  for (const user of USERS) await adapter.createUser!({ ...user })
}

/** The reason of the last error the app logged. */
export function lastReason(logger: { errors: Error[] }): string | undefined {
  return (logger.errors.at(-1) as AuthError | undefined)?.reason
}

/** Signs in with the password (the first factor): the callback's answer. */
export async function firstFactor(app: TwoFactorApp, jar: CookieJar, email: string, headers = {}) {
  return app.browser.post(
    jar,
    '/auth/callback/pw',
    { csrfToken: await app.browser.csrf(jar), email, password: 'secret', callbackUrl: `${ORIGIN}/dashboard` },
    headers,
  )
}

/** Posts a code to the challenge. */
export async function answerChallenge(
  app: TwoFactorApp,
  jar: CookieJar,
  code: string,
  more = {},
  headers = {},
) {
  return app.browser.post(
    jar,
    '/auth/callback/two-factor',
    { csrfToken: await app.browser.csrf(jar), code, ...more },
    headers,
  )
}

/** Enrols the signed-in user of `jar` as a person would: the secret read from the page, the first code typed. */
export async function enrol(app: TwoFactorApp, jar: CookieJar): Promise<{ secret: string; codes: string[] }> {
  const page = await app.browser.call(jar, '/auth/two-factor/setup')
  const html = await page.text()
  const secret = /id="two-factor-secret">([A-Z2-7]+)</.exec(html)?.[1]
  if (secret === undefined)
    throw new Error(`no secret on the setup page (${page.status}): ${html.slice(0, 300)}`)
  const confirmed = await app.browser.post(jar, '/auth/two-factor/setup', {
    csrfToken: await app.browser.csrf(jar),
    code: totpCode(secret, stepAt()),
  })
  const codes = [...(await confirmed.text()).matchAll(/<li>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)].map(
    (m) => m[1]!,
  )
  if (codes.length !== 10) throw new Error(`enrolment did not show ten backup codes (${confirmed.status})`)
  return { secret, codes }
}

/** A browser signed in as `email` with the password, on an app where that user has no second factor yet. */
export async function signedIn(app: TwoFactorApp, email: string): Promise<CookieJar> {
  const jar = new CookieJar()
  await firstFactor(app, jar, email)
  if (jar.get(SESSION) === undefined) throw new Error(`${email} did not get a session`)
  return jar
}

/** Moves the clock to the next TOTP step (only `Date` is faked), so a new code exists without waiting 30 s. */
export function nextStep(): void {
  vi.setSystemTime(Date.now() + 30_000)
}

/** Sets names of the cookies a response sets (not those it deletes). */
export function setNames(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((line) => !/Max-Age=0/i.test(line))
    .map((line) => line.slice(0, line.indexOf('=')))
}

export { CookieJar, stepAt, totpCode }
