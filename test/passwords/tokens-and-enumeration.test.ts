/**
 * Negative cases of the links and forms: enumeration (sign-up and reset answer alike, in status, body and time, for
 * existing and unknown addresses), reset and verification tokens replayed, expired or for another address, login
 * CSRF on every POST, and reset / change ending the other sessions (SQLite, database and JWT sessions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar } from '../support/cookie-jar.js'
import {
  GOOD_PASSWORD,
  median,
  passwordRig,
  signUpVerified,
  withinNoise,
  type PasswordRig,
} from './password-harness.js'

const NEW_PASSWORD = 'another long passphrase for later'
const errorOf = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('error')

async function shape(res: Response) {
  return { status: res.status, location: res.headers.get('location'), body: await res.text() }
}

describe('password links and forms (SQLite, database sessions)', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    // Send limits off for this rig: the timing test asks for one address many times.
    rig = await passwordRig({ backend: 'sqlite', strategy: 'database', senderLimits: false })
    await signUpVerified(rig, new CookieJar(), 'known@example.com')
  })
  afterAll(() => rig.close())

  it('answers sign-up and reset alike for an existing and an unknown address: status, body and time', async () => {
    const timings: Record<string, number[]> = { signupKnown: [], signupNew: [], resetKnown: [], resetNew: [] }
    for (let i = 0; i < 7; i++) {
      const runs: Array<[string, string, Record<string, string>]> = [
        ['signupKnown', '/auth/signup/password', { email: 'known@example.com', password: GOOD_PASSWORD }],
        ['signupNew', '/auth/signup/password', { email: `new${i}@example.com`, password: GOOD_PASSWORD }],
        ['resetKnown', '/auth/reset-password', { email: 'known@example.com' }],
        ['resetNew', '/auth/reset-password', { email: `nobody${i}@example.com` }],
      ]
      const answers: Record<string, Awaited<ReturnType<typeof shape>>> = {}
      for (const [name, path, fields] of runs) {
        const jar = new CookieJar()
        const csrfToken = await rig.csrf(jar)
        const started = performance.now()
        const res = await rig.post(jar, path, { ...fields, csrfToken })
        timings[name]!.push(performance.now() - started)
        answers[name] = await shape(res)
      }
      expect(answers.signupKnown).toEqual(answers.signupNew)
      expect(answers.resetKnown).toEqual(answers.resetNew)
    }
    // Each path sends one mail and (sign-up) computes one hash: the medians stay within noise of each other.
    expect(
      withinNoise(median(timings.signupKnown!), median(timings.signupNew!)),
      JSON.stringify(timings),
    ).toBe(true)
    expect(withinNoise(median(timings.resetKnown!), median(timings.resetNew!)), JSON.stringify(timings)).toBe(
      true,
    )
    // The existing account got "someone tried to sign up", not a second account.
    const toKnown = rig.mailbox.messages.filter((m) => m.envelope.to.includes('known@example.com'))
    expect(toKnown.some((m) => /Someone tried to create an account/.test(m.subject))).toBe(true)
  })

  it('answers an unknown address in the time of a wrong password (one argon2id verify at OWASP parameters each)', async () => {
    const owasp = await passwordRig({
      password: {
        hashing: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
        throttle: { freeFailures: 20, perClient: false },
      },
    })
    try {
      await signUpVerified(owasp, new CookieJar(), 'timed@example.com')
      const wrong: number[] = []
      const unknown: number[] = []
      for (let i = 0; i < 6; i++) {
        for (const [list, email] of [
          [wrong, 'timed@example.com'],
          [unknown, `untimed${i}@example.com`],
        ] as const) {
          const jar = new CookieJar()
          const csrfToken = await owasp.csrf(jar)
          const started = performance.now()
          const res = await owasp.post(jar, '/auth/callback/password', {
            email,
            password: 'wrong but long enough',
            csrfToken,
          })
          list.push(performance.now() - started)
          expect(errorOf(res)).toBe('CredentialsSignin')
        }
      }
      // Without the dummy verify an unknown address answers in a small fraction of a verify's time (measured: under
      // a tenth); the bound leaves room for a loaded machine's noise.
      expect(median(unknown), JSON.stringify({ wrong, unknown })).toBeGreaterThan(median(wrong) * 0.3)
    } finally {
      await owasp.close()
    }
  })

  it('uses a reset link once, refuses it for another address, and refuses an expired one', async () => {
    const email = 'reset@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    await rig.post(new CookieJar(), '/auth/reset-password', { email })
    const { url } = await rig.linkTo(email, '/auth/reset-password')
    const token = url.searchParams.get('token')!
    const page = await rig.call(new CookieJar(), `${url.pathname}${url.search}`)
    expect(await page.text()).toContain('Choose a new password')

    const other = await rig.post(new CookieJar(), '/auth/reset-password', {
      token,
      email: 'known@example.com',
      password: NEW_PASSWORD,
    })
    expect(errorOf(other)).toBe('InvalidToken')
    const first = await rig.post(new CookieJar(), '/auth/reset-password', {
      token,
      email,
      password: NEW_PASSWORD,
    })
    expect(first.headers.get('location')).toBe('http://app.test/')
    const replay = await rig.post(new CookieJar(), '/auth/reset-password', {
      token,
      email,
      password: `${NEW_PASSWORD}!`,
    })
    expect(errorOf(replay)).toBe('InvalidToken')

    const expiring = await passwordRig({ backend: 'sqlite', password: { resetPasswordMaxAge: 60 } })
    try {
      await signUpVerified(expiring, new CookieJar(), email)
      await expiring.post(new CookieJar(), '/auth/reset-password', { email })
      const link = await expiring.linkTo(email, '/auth/reset-password')
      const realNow = Date.now
      Date.now = () => realNow() + 61_000
      try {
        const late = await expiring.post(new CookieJar(), '/auth/reset-password', {
          token: link.url.searchParams.get('token')!,
          email,
          password: NEW_PASSWORD,
        })
        expect(errorOf(late)).toBe('InvalidToken')
      } finally {
        Date.now = realNow
      }
    } finally {
      await expiring.close()
    }
  })

  it('uses a verification link once and only for its address', async () => {
    const email = 'verify-once@example.com'
    await rig.post(new CookieJar(), '/auth/signup/password', { email, password: GOOD_PASSWORD })
    const { url } = await rig.linkTo(email, '/auth/verify-email')
    const token = url.searchParams.get('token')!
    const wrongAddress = await rig.post(new CookieJar(), '/auth/verify-email', {
      token,
      email: 'known@example.com',
    })
    expect(errorOf(wrongAddress)).toBe('Verification')
    const reset = await rig.post(new CookieJar(), '/auth/reset-password', {
      token,
      email,
      password: NEW_PASSWORD,
    })
    expect(errorOf(reset)).toBe('InvalidToken')
    expect(
      (await rig.post(new CookieJar(), '/auth/verify-email', { token, email })).headers.get('location'),
    ).toBe('http://app.test/')
    expect(errorOf(await rig.post(new CookieJar(), '/auth/verify-email', { token, email }))).toBe(
      'Verification',
    )
  })

  it('refuses an expired verification link, leaving the address unverified and nobody signed in', async () => {
    const email = 'verify-late@example.com'
    const expiring = await passwordRig({ backend: 'sqlite', password: { verifyEmailMaxAge: 60 } })
    try {
      await expiring.post(new CookieJar(), '/auth/signup/password', { email, password: GOOD_PASSWORD })
      const { url } = await expiring.linkTo(email, '/auth/verify-email')
      const realNow = Date.now
      Date.now = () => realNow() + 61_000
      const jar = new CookieJar()
      try {
        const late = await expiring.post(jar, '/auth/verify-email', {
          token: url.searchParams.get('token')!,
          email,
        })
        expect(errorOf(late)).toBe('Verification')
      } finally {
        Date.now = realNow
      }
      expect(jar.get('authjs.session-token')).toBeUndefined()
      expect((await expiring.adapter.getUserByEmail(email))?.emailVerified).toBeNull()
    } finally {
      await expiring.close()
    }
  })

  it('refuses every POST without the CSRF token (login CSRF), changing nothing', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/auth/callback/password', { email: 'known@example.com', password: GOOD_PASSWORD }],
      ['/auth/signup/password', { email: 'csrf-new@example.com', password: GOOD_PASSWORD }],
      ['/auth/verify-email', { email: 'known@example.com', token: 'a'.repeat(64) }],
      ['/auth/verify-email/resend', { email: 'known@example.com' }],
      ['/auth/reset-password', { email: 'known@example.com' }],
      ['/auth/change-password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }],
    ]
    const sent = rig.mailbox.messages.length
    for (const [path, fields] of cases) {
      const jar = new CookieJar()
      await rig.csrf(jar)
      const res = await rig.post(jar, path, { ...fields, csrfToken: 'forged' })
      expect(res.headers.get('location') ?? '', path).toContain('MissingCSRF')
      expect(jar.get('authjs.session-token'), path).toBeUndefined()
    }
    expect(await rig.adapter.getUserByEmail('csrf-new@example.com')).toBeNull()
    await new Promise((r) => setTimeout(r, 100))
    expect(rig.mailbox.messages.length).toBe(sent)
  })
})

// Both strategies: a JWT session elsewhere ends through the user's session generation (the SQLite adapter keeps it).
describe.each(['database', 'jwt'] as const)(
  'a reset or a change ends the other sessions (SQLite, %s sessions)',
  (strategy) => {
    let rig: PasswordRig
    beforeAll(async () => {
      rig = await passwordRig({ backend: 'sqlite', strategy, senderLimits: false })
    })
    afterAll(() => rig.close())

    it('a reset ends every session of the user; the old password is refused', async () => {
      const email = `sessions-reset-${strategy}@example.com`
      const elsewhere = new CookieJar()
      await signUpVerified(rig, elsewhere, email)
      expect((await rig.session(elsewhere))?.user?.email).toBe(email)
      await rig.post(new CookieJar(), '/auth/reset-password', { email })
      const { url } = await rig.linkTo(email, '/auth/reset-password')
      const here = new CookieJar()
      await rig.post(here, '/auth/reset-password', {
        token: url.searchParams.get('token')!,
        email,
        password: NEW_PASSWORD,
      })
      expect(await rig.session(elsewhere)).toBeNull()
      expect((await rig.session(here))?.user?.email).toBe(email)
      expect(
        errorOf(
          await rig.post(new CookieJar(), '/auth/callback/password', { email, password: GOOD_PASSWORD }),
        ),
      ).toBe('CredentialsSignin')
    })

    it('a change checks the current password, ends the other sessions and keeps this one', async () => {
      const email = `sessions-change-${strategy}@example.com`
      const here = new CookieJar()
      const elsewhere = new CookieJar()
      await signUpVerified(rig, here, email)
      const second = await rig.post(elsewhere, '/auth/callback/password', { email, password: GOOD_PASSWORD })
      expect(second.headers.get('location')).toBe('http://app.test/')
      expect((await rig.session(elsewhere))?.user?.email).toBe(email)
      const wrong = await rig.post(here, '/auth/change-password', {
        currentPassword: 'not my password at all',
        newPassword: NEW_PASSWORD,
      })
      expect(errorOf(wrong)).toBe('WrongPassword')
      const weak = await rig.post(here, '/auth/change-password', {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'short',
      })
      expect(errorOf(weak)).toBe('PasswordTooShort')
      expect((await rig.session(elsewhere))?.user?.email).toBe(email)
      const changed = await rig.post(here, '/auth/change-password', {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect(changed.headers.get('location')).toBe('http://app.test/auth/change-password?changed=1')
      expect(await rig.session(elsewhere)).toBeNull()
      expect((await rig.session(here))?.user?.email).toBe(email)
      const anonymous = await rig.post(new CookieJar(), '/auth/change-password', {
        currentPassword: NEW_PASSWORD,
        newPassword: GOOD_PASSWORD,
      })
      expect(anonymous.headers.get('location')).toContain('/auth/signin')
    })

    it('a change and a reset void the remembered browsers of two-factor (the trusted-devices version goes up)', async () => {
      const email = `trusted-${strategy}@example.com`
      const here = new CookieJar()
      await signUpVerified(rig, here, email)
      const user = (await rig.adapter.getUserByEmail(email))!
      const record = {
        userId: user.id,
        secret: 'sealed',
        enabled: true,
        lastUsedStep: null,
        backupCodes: [],
      }
      await rig.adapter.setTwoFactor({ ...record, trustedDevicesVersion: 0 })
      await rig.post(here, '/auth/change-password', {
        currentPassword: GOOD_PASSWORD,
        newPassword: NEW_PASSWORD,
      })
      expect((await rig.adapter.getTwoFactor(user.id))?.trustedDevicesVersion).toBe(1)
      await rig.post(new CookieJar(), '/auth/reset-password', { email })
      const { url } = await rig.linkTo(email, '/auth/reset-password')
      const token = url.searchParams.get('token')!
      await rig.post(new CookieJar(), '/auth/reset-password', { token, email, password: GOOD_PASSWORD })
      expect((await rig.adapter.getTwoFactor(user.id))?.trustedDevicesVersion).toBe(2)
      // The audit trail has the verification, the change and the reset, newest first.
      const types = (await rig.adapter.listAuditEvents(user.id, { limit: 50 })).map((e) => e.type)
      expect(types.filter((t) => t !== 'sign-in' && t !== 'sign-out')).toEqual([
        'password-reset',
        'password-changed',
        'email-verified',
      ])
    })

    it('asks 15 characters of a password-only account and 8 of one with two-factor on (the default minLength)', async () => {
      const email = `eight-${strategy}@example.com`
      const here = new CookieJar()
      await signUpVerified(rig, here, email)
      const user = (await rig.adapter.getUserByEmail(email))!
      const eight = 'kq7vz2mw'
      const change = (newPassword: string) =>
        rig.post(here, '/auth/change-password', { currentPassword: GOOD_PASSWORD, newPassword })
      expect(errorOf(await change(eight))).toBe('PasswordTooShort')
      const record = { userId: user.id, secret: 'sealed', lastUsedStep: null, backupCodes: [] }
      await rig.adapter.setTwoFactor({ ...record, enabled: true, trustedDevicesVersion: 0 })
      expect((await change(eight)).headers.get('location')).toBe(
        'http://app.test/auth/change-password?changed=1',
      )
    })
  },
)
