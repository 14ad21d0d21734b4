/**
 * The typed step between identity and session, with a credentials first factor: a gate holds the sign-in in a
 * sealed pending cookie, its route resumes it, and every way of presenting a bad pending cookie is refused.
 */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { ResolvedConfig } from '../../src/config/resolve-config.js'
import type { AuthError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { CookieJar } from '../support/cookie-jar.js'
import {
  gatedConfig,
  inProcess,
  PENDING,
  recording,
  seenRecord,
  SESSION,
  setNames,
  testGate,
  type Seen,
} from './gate-harness.js'

const ORIGIN = 'http://app.test'
const SECRET = 'a-sign-in-gate-test-secret-of-32-characters'
const ALICE = {
  id: 'user-1',
  name: 'Alice',
  email: 'alice@example.test',
  emailVerified: new Date('2024-05-01'),
}

function credentialsConfig(seen: Seen, more: Partial<AuthConfig> = {}) {
  const logger = quietLogger()
  const config: AuthConfig = recording(seen, {
    secret: SECRET,
    trustHost: true,
    logger,
    providers: [
      Credentials({
        id: 'pw',
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (username === 'alice' && password === 'secret' ? ALICE : null),
      }),
    ],
    ...more,
  })
  return { config, logger }
}

/** A configuration with one gate, `test-gate`, holding every sign-in. */
function oneGate(more: Partial<AuthConfig> = {}) {
  const seen = seenRecord()
  const { config, logger } = credentialsConfig(seen, more)
  const resolved = gatedConfig(config, [testGate('test-gate', seen)])
  return { seen, logger, resolved, browser: inProcess(resolved, ORIGIN) }
}

/** Signs in with the password: the answer of the credentials callback. */
async function firstFactor(
  browser: ReturnType<typeof inProcess>,
  jar: CookieJar,
  headers: Record<string, string> = {},
) {
  return browser.post(
    jar,
    '/auth/callback/pw',
    {
      csrfToken: await browser.csrf(jar),
      username: 'alice',
      password: 'secret',
      callbackUrl: `${ORIGIN}/dashboard`,
    },
    headers,
  )
}

function lastReason(logger: { errors: Error[] }): string | undefined {
  return (logger.errors.at(-1) as AuthError | undefined)?.reason
}

describe('a gate holds a credentials sign-in until its route resumes it', () => {
  it('holds it: no session cookie, no signIn event, no jwt callback; the browser goes to the gate', async () => {
    const { seen, browser } = oneGate()
    const jar = new CookieJar()
    const held = await firstFactor(browser, jar)
    expect(held.status).toBe(302)
    expect(held.headers.get('location')).toBe(`${ORIGIN}/auth/test-gate`)
    expect(setNames(held)).toContain(PENDING)
    expect(setNames(held)).not.toContain(SESSION)
    const line = held.headers.getSetCookie().find((c) => c.startsWith(`${PENDING}=`))!
    expect(line).toMatch(/Max-Age=300; Path=\/; Expires=.*; HttpOnly; SameSite=Lax/)
    expect(seen.jwt).toEqual([])
    expect(seen.signIn).toEqual([])
    expect(seen.checked.map((c) => [c.signIn.user.email, c.signIn.multiFactor])).toEqual([
      ['alice@example.test', false],
    ])
    // A pending user is signed out wherever the session is read: there is no session.
    expect(await browser.session(jar)).toBeNull()
    expect(jar.get(SESSION)).toBeUndefined()
  })

  it('resumes it once the gate is passed: one jwt callback (signIn), one signIn event, the session', async () => {
    const { seen, browser } = oneGate()
    const jar = new CookieJar()
    await firstFactor(browser, jar)
    const resumed = await browser.pass(jar, 'test-gate')
    expect(resumed.status).toBe(302)
    // The callback URL of the first factor is where the resumed sign-in ends.
    expect(resumed.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect(setNames(resumed)).toContain(SESSION)
    expect(
      resumed.headers.getSetCookie().some((c) => c.startsWith(`${PENDING}=;`) && /Max-Age=0/.test(c)),
    ).toBe(true)
    expect(jar.get(PENDING)).toBeUndefined()
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    expect(seen.jwt[0]!.user).toEqual(ALICE)
    // A date in the held state is a date again (JSON carries its text).
    expect((seen.jwt[0]!.user as { emailVerified?: unknown }).emailVerified).toBeInstanceOf(Date)
    expect(seen.jwt[0]!.account).toEqual({ providerAccountId: 'user-1', type: 'credentials', provider: 'pw' })
    expect(seen.signIn).toHaveLength(1)
    expect((await browser.session(jar))?.user?.email).toBe('alice@example.test')
  })

  it('keeps it after a wrong answer to the gate, and lets it on after the right one', async () => {
    const { seen, browser } = oneGate()
    const jar = new CookieJar()
    await firstFactor(browser, jar)
    const wrong = await browser.pass(jar, 'test-gate', '000000')
    expect(wrong.headers.get('location')).toBe(
      `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`,
    )
    expect(setNames(wrong)).not.toContain(SESSION)
    expect(jar.get(PENDING)).toBeDefined()
    expect(seen.signIn).toEqual([])
    expect(setNames(await browser.pass(jar, 'test-gate'))).toContain(SESSION)
    expect(seen.jwt).toHaveLength(1)
  })

  it('answers a JSON client with the gate page as { url }', async () => {
    const { browser } = oneGate()
    const jar = new CookieJar()
    const held = await firstFactor(browser, jar, { 'X-Auth-Return-Redirect': '1' })
    expect(held.status).toBe(200)
    expect(await held.json()).toEqual({ url: `${ORIGIN}/auth/test-gate` })
    expect(jar.get(PENDING)).toBeDefined()
  })

  it("refuses the gate's POST without the CSRF token (login CSRF)", async () => {
    const { seen, browser } = oneGate()
    const jar = new CookieJar()
    await firstFactor(browser, jar)
    const forged = await browser.post(jar, '/auth/callback/test-gate', { code: 'let-me-in' })
    expect(forged.headers.get('location')).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(setNames(forged)).not.toContain(SESSION)
    expect(seen.opened).toEqual([])
  })

  it('runs the gates after the one that held it, in order, then issues one session', async () => {
    const seen = seenRecord()
    const { config, logger } = credentialsConfig(seen)
    const resolved = gatedConfig(config, [
      testGate('first', seen),
      testGate('lets-pass', seen, () => false),
      testGate('second', seen),
    ])
    const browser = inProcess(resolved, ORIGIN)
    const jar = new CookieJar()
    expect((await firstFactor(browser, jar)).headers.get('location')).toBe(`${ORIGIN}/auth/first`)
    // The second gate's route cannot resume what the first holds.
    const early = await browser.pass(jar, 'second')
    expect(setNames(early)).not.toContain(SESSION)
    expect(lastReason(logger)).toBe('pending_sign_in_other_gate')
    const next = await browser.pass(jar, 'first')
    expect(next.headers.get('location')).toBe(`${ORIGIN}/auth/second`)
    expect(setNames(next)).toContain(PENDING)
    expect(setNames(next)).not.toContain(SESSION)
    expect(seen.jwt).toEqual([])
    const done = await browser.pass(jar, 'second')
    expect(done.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect(setNames(done)).toContain(SESSION)
    expect(seen.checked.map((c) => c.gate)).toEqual(['first', 'lets-pass', 'second'])
    expect(seen.opened.map((p) => p.gate)).toEqual(['first', 'second'])
    expect(seen.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    expect(seen.signIn).toHaveLength(1)
  })

  it('issues the session at once when every gate lets the sign-in pass', async () => {
    const seen = seenRecord()
    const { config } = credentialsConfig(seen)
    const browser = inProcess(gatedConfig(config, [testGate('test-gate', seen, () => false)]), ORIGIN)
    const jar = new CookieJar()
    const res = await firstFactor(browser, jar)
    expect(setNames(res)).toContain(SESSION)
    expect(setNames(res)).not.toContain(PENDING)
    expect(seen.jwt).toHaveLength(1)
  })

  it('with database sessions: the row is made only on resume, for the adapter user authorize named', async () => {
    const seen = seenRecord()
    const adapter = MemoryAdapter()
    const stored = await adapter.createUser({ id: 'db-1', email: 'db@example.test', emailVerified: null })
    const config = recording(seen, {
      secret: SECRET,
      trustHost: true,
      logger: quietLogger(),
      adapter,
      session: { strategy: 'database' },
      providers: [
        Credentials({ id: 'pw', credentials: {}, authorize: () => ({ id: stored.id, name: 'raw' }) }),
      ],
    })
    const browser = inProcess(gatedConfig(config, [testGate('test-gate', seen)]), ORIGIN)
    const jar = new CookieJar()
    await browser.post(jar, '/auth/callback/pw', { csrfToken: await browser.csrf(jar) })
    expect(adapter.store.sessions.size).toBe(0)
    expect(await browser.session(jar)).toBeNull()
    await browser.pass(jar, 'test-gate')
    expect([...adapter.store.sessions.values()].map((s) => s.userId)).toEqual(['db-1'])
    expect((await browser.session(jar))?.user?.email).toBe('db@example.test')
    // As without a gate: the event names authorize's own result (spec §6).
    expect(seen.signIn.map((s) => s.user)).toEqual([{ id: 'db-1', name: 'raw' }])
  })
})

describe('a bad pending cookie is refused', () => {
  /** A browser whose sign-in the gate holds, and the value of its pending cookie. */
  async function held() {
    const setup = oneGate()
    const jar = new CookieJar()
    await firstFactor(setup.browser, jar)
    return { ...setup, jar, value: jar.get(PENDING)! }
  }

  /** The sealed payload of a pending cookie, without the claims sealing adds. */
  async function payloadOf(resolved: ResolvedConfig, value: string) {
    const {
      iat: _iat,
      exp: _exp,
      jti: _jti,
      ...payload
    } = (await resolved.sealedCookies.open(PENDING, value))!
    return payload
  }

  async function expectRefused(
    setup: Awaited<ReturnType<typeof held>>,
    value: string | undefined,
    reason: string,
  ): Promise<void> {
    if (value === undefined) setup.jar.values.delete(PENDING)
    else setup.jar.values.set(PENDING, encodeURIComponent(value))
    const res = await setup.browser.pass(setup.jar, 'test-gate', undefined, {
      'X-Auth-Return-Redirect': '1',
    })
    expect(res.status).toBe(403)
    expect(setNames(res)).not.toContain(SESSION)
    expect(lastReason(setup.logger)).toBe(reason)
    expect(setup.seen.jwt).toEqual([])
    expect(setup.seen.signIn).toEqual([])
  }

  it('a copy replayed after the sign-in it held was resumed (single use, through stores.singleUse)', async () => {
    const setup = await held()
    expect(setNames(await setup.browser.pass(setup.jar, 'test-gate'))).toContain(SESSION)
    expect(setup.seen.signIn).toHaveLength(1)
    // The copy is replayed from a fresh browser: no session there, and nothing issued a second time.
    const replay = new CookieJar()
    replay.values.set(PENDING, encodeURIComponent(setup.value))
    const res = await setup.browser.pass(replay, 'test-gate', undefined, { 'X-Auth-Return-Redirect': '1' })
    expect(res.status).toBe(403)
    expect(setNames(res)).not.toContain(SESSION)
    expect(lastReason(setup.logger)).toBe('pending_sign_in_used')
    expect(setup.seen.jwt).toHaveLength(1)
    expect(setup.seen.signIn).toHaveLength(1)
  })

  it('a missing one (the sign-in did not start in this browser)', async () => {
    const setup = await held()
    await expectRefused(setup, undefined, 'pending_sign_in_missing')
  })

  it('a tampered one, which is also cleared', async () => {
    const setup = await held()
    const parts = setup.value.split('.')
    const ciphertext = parts[3]!
    parts[3] = `${ciphertext.slice(0, 10)}${ciphertext[10] === 'A' ? 'B' : 'A'}${ciphertext.slice(11)}`
    await expectRefused(setup, parts.join('.'), 'pending_sign_in_invalid')
    expect(setup.jar.get(PENDING)).toBeUndefined()
  })

  it('an expired one, by a second as by ten minutes', async () => {
    const setup = await held()
    const payload = await payloadOf(setup.resolved, setup.value)
    for (const ago of [301_000, 900_000]) {
      const expired = await setup.resolved.sealedCookies.seal(PENDING, payload, 300, Date.now() - ago)
      await expectRefused(setup, expired, 'pending_sign_in_invalid')
    }
  })

  it('one sealed with another secret', async () => {
    const setup = await held()
    const other = oneGate({ secret: 'another-secret-of-at-least-32-characters!!' })
    const payload = await payloadOf(setup.resolved, setup.value)
    const foreign = await other.resolved.sealedCookies.seal(PENDING, payload, 300)
    await expectRefused(setup, foreign, 'pending_sign_in_invalid')
  })

  it('one sealed for another purpose (a check cookie, a session token)', async () => {
    const setup = await held()
    const payload = await payloadOf(setup.resolved, setup.value)
    const state = await setup.resolved.sealedCookies.seal('authjs.state', payload, 300)
    await expectRefused(setup, state, 'pending_sign_in_invalid')
    const session = await setup.resolved.insecure.sessionJwe.encrypt(payload, 300)
    await expectRefused(setup, session, 'pending_sign_in_invalid')
  })

  it('one held by another gate, and one this version did not write', async () => {
    const setup = await held()
    const payload = await payloadOf(setup.resolved, setup.value)
    const other = await setup.resolved.sealedCookies.seal(PENDING, { ...payload, gate: 'elsewhere' }, 300)
    await expectRefused(setup, other, 'pending_sign_in_other_gate')
    const shapeless = await setup.resolved.sealedCookies.seal(PENDING, { ...payload, signIn: { id: 1 } }, 300)
    await expectRefused(setup, shapeless, 'pending_sign_in_invalid')
  })

  it('is never a session: its value in the session cookie is no session', async () => {
    const setup = await held()
    setup.jar.values.set(SESSION, encodeURIComponent(setup.value))
    expect(await setup.browser.session(setup.jar)).toBeNull()
  })
})
