/**
 * Two-factor sign-in in process, on both session strategies: enrolment, the held first factor, the challenge, and
 * each check of the issue on its own (replay, another user's code, a used backup code, six wrong codes, a moved or
 * replayed pending cookie, CSRF on every POST, a pending user re-enrolling).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { voidTrustedDevices } from '../../src/index.js'
import {
  answerChallenge,
  CookieJar,
  createUsers,
  enrol,
  firstFactor,
  lastReason,
  nextStep,
  ORIGIN,
  PENDING,
  SESSION,
  setNames,
  signedIn,
  stepAt,
  totpCode,
  TRUSTED,
  twoFactorApp,
  type TwoFactorApp,
} from './two-factor-harness.js'

beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }))
afterEach(() => void vi.useRealTimers())

/** An app whose Alice enrolled (a fresh step is current afterwards); Bob has not. */
async function enrolledApp(strategy: 'jwt' | 'database', more = {}) {
  const app = twoFactorApp({ session: { strategy }, ...more })
  await createUsers(app.adapter)
  const { secret, codes } = await enrol(app, await signedIn(app, 'alice@example.test'))
  nextStep()
  app.seen.jwt.length = 0
  app.seen.signIn.length = 0
  return { app, secret, codes }
}

/** A browser whose sign-in as `email` the gate holds. */
async function held(app: TwoFactorApp, email = 'alice@example.test', headers = {}) {
  const jar = new CookieJar()
  const res = await firstFactor(app, jar, email, headers)
  return { jar, res }
}

describe.each(['jwt', 'database'] as const)('two-factor sign-in, %s sessions', (strategy) => {
  it('enrols from the setup page, then holds the first factor until a code: one jwt signIn, one event', async () => {
    const { app, secret } = await enrolledApp(strategy)
    expect(app.events.map((e) => [e.action, e.backupCodesRemaining])).toEqual([['enabled', 10]])
    const stored = await app.adapter.getTwoFactor!('alice-id')
    expect(stored?.enabled).toBe(true)
    expect(stored?.secret).not.toContain(secret)

    const { jar, res } = await held(app)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor`)
    expect(setNames(res)).not.toContain(SESSION)
    expect(setNames(res)).toContain(PENDING)
    expect(app.seen.jwt).toEqual([])
    expect(app.seen.signIn).toEqual([])
    expect(await app.browser.session(jar)).toBeNull()

    const page = await app.browser.call(jar, '/auth/two-factor')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="code"')

    const done = await answerChallenge(app, jar, totpCode(secret, stepAt()))
    expect(done.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect(setNames(done)).toContain(SESSION)
    expect(jar.get(PENDING)).toBeUndefined()
    // The jwt callback runs with JWT sessions only (as in Auth.js), then once, with trigger signIn.
    expect(app.seen.jwt.map((j) => j.trigger)).toEqual(strategy === 'jwt' ? ['signIn'] : [])
    expect(app.seen.signIn).toHaveLength(1)
    expect((await app.browser.session(jar))?.user?.email).toBe('alice@example.test')
  })

  it('answers a JSON client with the challenge { url }, and the code with the callback { url }', async () => {
    const { app, secret } = await enrolledApp(strategy)
    const json = { 'X-Auth-Return-Redirect': '1' }
    const { jar, res } = await held(app, 'alice@example.test', json)
    expect(await res.json()).toEqual({ url: `${ORIGIN}/auth/two-factor` })
    const done = await answerChallenge(app, jar, totpCode(secret, stepAt()), {}, json)
    expect(await done.json()).toEqual({ url: `${ORIGIN}/dashboard` })
    expect(jar.get(SESSION)).toBeDefined()
  })

  it('refuses a TOTP code replayed in its window, and another user’s code', async () => {
    const { app, secret } = await enrolledApp(strategy)
    const code = totpCode(secret, stepAt())
    const first = await held(app)
    expect(setNames(await answerChallenge(app, first.jar, code))).toContain(SESSION)
    const second = await held(app)
    const replay = await answerChallenge(app, second.jar, code)
    expect(replay.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor?error=invalid`)
    expect(setNames(replay)).not.toContain(SESSION)

    // Bob enrols; his code does not open Alice's held sign-in.
    const bob = await enrol(app, await signedIn(app, 'bob@example.test'))
    nextStep()
    const other = await answerChallenge(app, second.jar, totpCode(bob.secret, stepAt()))
    expect(other.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor?error=invalid`)
    expect(app.seen.signIn.filter((s) => s.user.id === 'alice-id')).toHaveLength(1)
  })

  it('takes a backup code once, says how many remain, and answers a wrong one as a wrong TOTP', async () => {
    const { app, codes } = await enrolledApp(strategy)
    const first = await held(app)
    expect(setNames(await answerChallenge(app, first.jar, codes[3]!.toUpperCase()))).toContain(SESSION)
    expect(app.events.at(-1)).toEqual({
      user: { id: 'alice-id' },
      action: 'backup-code-used',
      backupCodesRemaining: 9,
    })
    const again = await held(app)
    const used = await answerChallenge(app, again.jar, codes[3]!)
    const wrongTotp = await answerChallenge(app, again.jar, '000000')
    expect(used.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor?error=invalid`)
    expect(wrongTotp.headers.get('location')).toBe(used.headers.get('location'))
    expect(setNames(used)).not.toContain(SESSION)
  })

  it('voids the held sign-in at the fifth wrong code: the sixth, even right, and any copy are refused', async () => {
    const { app, secret } = await enrolledApp(strategy)
    const { jar } = await held(app)
    const copy = jar.get(PENDING)!
    for (let i = 0; i < 4; i++) {
      const wrong = await answerChallenge(app, jar, `00000${i}`)
      expect(wrong.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor?error=invalid`)
    }
    const fifth = await answerChallenge(app, jar, '000009')
    expect(fifth.headers.get('location')).toBe(
      `${ORIGIN}/auth/signin?error=CredentialsSignin&code=two_factor_locked`,
    )
    expect(lastReason(app.logger)).toBe('two_factor_locked')
    expect(jar.get(PENDING)).toBeUndefined()
    const sixth = await answerChallenge(app, jar, totpCode(secret, stepAt()))
    expect(setNames(sixth)).not.toContain(SESSION)
    jar.values.set(PENDING, encodeURIComponent(copy))
    const replayed = await answerChallenge(app, jar, totpCode(secret, stepAt()))
    expect(setNames(replayed)).not.toContain(SESSION)
    expect(app.seen.signIn).toEqual([])
  })

  it('limits wrong codes per user across held sign-ins (stores.limits)', async () => {
    const { app, secret } = await enrolledApp(strategy)
    // Two held sign-ins, four wrong codes each, then two more: the user's ten are used up.
    for (let round = 0; round < 3; round++) {
      const { jar } = await held(app)
      for (let i = 0; i < (round < 2 ? 4 : 2); i++) await answerChallenge(app, jar, '000000')
    }
    const { jar } = await held(app)
    const locked = await answerChallenge(app, jar, totpCode(secret, stepAt()))
    expect(locked.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor?error=locked`)
    expect(setNames(locked)).not.toContain(SESSION)
  })

  it("refuses a pending cookie moved into a browser where another user's first factor was done", async () => {
    const { app, secret } = await enrolledApp(strategy)
    await enrol(app, await signedIn(app, 'bob@example.test'))
    nextStep()
    const alice = await held(app)
    const bob = await held(app, 'bob@example.test')
    // Alice's hold moved into Bob's browser: the code asked for is still Alice's, Bob's session is not issued.
    bob.jar.values.set(PENDING, encodeURIComponent(alice.jar.get(PENDING)!))
    const res = await answerChallenge(app, bob.jar, totpCode(secret, stepAt()))
    expect(setNames(res)).toContain(SESSION)
    expect((await app.browser.session(bob.jar))?.user?.email).toBe('alice@example.test')
    // ...and once used there, the original is dead in Alice's browser.
    const original = await answerChallenge(app, alice.jar, totpCode(secret, stepAt() + 1))
    expect(setNames(original)).not.toContain(SESSION)
    expect(lastReason(app.logger)).toBe('pending_sign_in_used')
  })

  it('remembers a browser when asked, until voidTrustedDevices (password change, reset, sign out everywhere)', async () => {
    const { app, secret } = await enrolledApp(strategy)
    const { jar } = await held(app)
    const done = await answerChallenge(app, jar, totpCode(secret, stepAt()), { remember: '1' })
    expect(setNames(done)).toContain(TRUSTED)
    const later = new CookieJar()
    later.values.set(TRUSTED, jar.values.get(TRUSTED)!)
    const skipped = await firstFactor(app, later, 'alice@example.test')
    expect(setNames(skipped)).toContain(SESSION)
    // Bob in the same browser gains nothing from Alice's remembered browser.
    await enrol(app, await signedIn(app, 'bob@example.test'))
    const bobHere = new CookieJar()
    bobHere.values.set(TRUSTED, jar.values.get(TRUSTED)!)
    expect((await firstFactor(app, bobHere, 'bob@example.test')).headers.get('location')).toBe(
      `${ORIGIN}/auth/two-factor`,
    )
    await voidTrustedDevices(app.adapter, 'alice-id')
    const voided = new CookieJar()
    voided.values.set(TRUSTED, jar.values.get(TRUSTED)!)
    const asked = await firstFactor(app, voided, 'alice@example.test')
    expect(asked.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor`)
    expect(setNames(asked)).not.toContain(SESSION)
  })
})

describe('two-factor policy and management', () => {
  it('required: a user who has not enrolled enrols before the session is issued', async () => {
    const app = twoFactorApp({
      session: { strategy: 'jwt' },
      twoFactor: { issuer: 'Gatehouse Test', required: (user) => user.email === 'bob@example.test' },
    })
    await createUsers(app.adapter)
    const jar = new CookieJar()
    const res = await firstFactor(app, jar, 'bob@example.test')
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor/setup`)
    expect(setNames(res)).not.toContain(SESSION)
    expect(app.seen.signIn).toEqual([])
    const { codes } = await enrol(app, jar)
    expect(codes).toHaveLength(10)
    expect(jar.get(SESSION)).toBeDefined()
    expect(app.seen.jwt.map((j) => j.trigger)).toEqual(['signIn'])
    expect(app.seen.signIn).toHaveLength(1)
    // Alice is not required: her sign-in is not held.
    expect(setNames(await firstFactor(app, new CookieJar(), 'alice@example.test'))).toContain(SESSION)
  })

  it('a held sign-in of an enrolled user may not enrol a new secret instead of answering', async () => {
    const { app } = await enrolledApp('jwt')
    const { jar } = await held(app)
    const page = await app.browser.call(jar, '/auth/two-factor/setup')
    expect(page.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor`)
    const forced = await app.browser.post(jar, '/auth/two-factor/setup', {
      csrfToken: await app.browser.csrf(jar),
      code: '123456',
    })
    expect(setNames(forced)).not.toContain(SESSION)
    expect(lastReason(app.logger)).toBe('two_factor_setup_missing')
    expect(app.seen.signIn).toEqual([])
  })

  it('turning it off needs a current code or a backup code; new backup codes void the old', async () => {
    const { app, secret, codes } = await enrolledApp('jwt')
    const { jar } = await held(app)
    await answerChallenge(app, jar, totpCode(secret, stepAt()))
    nextStep()
    const csrfToken = await app.browser.csrf(jar)
    const refused = await app.browser.post(jar, '/auth/two-factor/disable', { csrfToken, code: '000000' })
    expect(refused.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor/setup?error=invalid`)
    expect((await app.adapter.getTwoFactor!('alice-id'))?.enabled).toBe(true)

    const regenerated = await app.browser.post(jar, '/auth/two-factor/backup-codes', {
      csrfToken,
      code: totpCode(secret, stepAt()),
    })
    const fresh = [...(await regenerated.text()).matchAll(/<li>([a-z0-9-]{11})<\/li>/g)].map((m) => m[1]!)
    expect(fresh).toHaveLength(10)
    const old = await app.browser.post(jar, '/auth/two-factor/disable', { csrfToken, code: codes[0]! })
    expect(old.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor/setup?error=invalid`)
    const off = await app.browser.post(jar, '/auth/two-factor/disable', { csrfToken, code: fresh[0]! })
    expect(off.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor/setup`)
    expect((await app.adapter.getTwoFactor!('alice-id'))?.enabled).toBe(false)
    expect(app.events.map((e) => e.action)).toEqual([
      'enabled',
      'backup-codes-regenerated',
      'backup-code-used',
      'disabled',
    ])
    expect(setNames(await firstFactor(app, new CookieJar(), 'alice@example.test'))).toContain(SESSION)
  })

  it.each([
    ['/auth/callback/two-factor'],
    ['/auth/two-factor/setup'],
    ['/auth/two-factor/disable'],
    ['/auth/two-factor/backup-codes'],
  ])('refuses POST %s without the CSRF token (login CSRF)', async (path) => {
    const { app, secret } = await enrolledApp('jwt')
    const { jar } = await held(app)
    const res = await app.browser.post(jar, path, { code: totpCode(secret, stepAt()) })
    expect(res.headers.get('location')).toMatch(/error=MissingCSRF/)
    expect(setNames(res)).not.toContain(SESSION)
    expect(app.seen.signIn).toEqual([])
  })

  it('answers 400 on the two-factor routes of an app without the option, and refuses it without an adapter', async () => {
    const { resolveConfig } = await import('../../src/config/resolve-config.js')
    expect(() =>
      resolveConfig({ secret: 'x'.repeat(32), providers: [], twoFactor: { issuer: 'X' } }, {}),
    ).toThrow(/twoFactor/)
    const app = twoFactorApp({ twoFactor: undefined })
    expect((await app.browser.call(new CookieJar(), '/auth/two-factor')).status).toBe(400)
  })
})
