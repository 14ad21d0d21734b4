/**
 * The `Password` provider with two-factor sign-in, in process on both session strategies: the default minimum
 * length is 15 while the password is the only factor and 8 once the user has turned two-factor on (NIST SP
 * 800-63B-4), and a password sign-in of an enrolled user is held at the challenge (no session cookie, no
 * `events.signIn`, no `jwt` callback with `trigger: 'signIn'`) until the code, which runs each once.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import Password from '../../src/passwords/password.js'
import Nodemailer from '../../src/providers/nodemailer.js'
import { startLocalMailbox, type LocalMailbox } from '../../src/testing/local-mailbox.js'
import { FAST_HASHING, GOOD_PASSWORD, seedPasswordUser } from '../passwords/password-harness.js'
import {
  answerChallenge,
  CookieJar,
  enrol,
  nextStep,
  ORIGIN,
  PENDING,
  SESSION,
  setNames,
  stepAt,
  totpCode,
  twoFactorApp,
} from './two-factor-harness.js'

// The provider needs a sender for its links (none is mailed here): the real local SMTP server.
let mailbox: LocalMailbox
beforeAll(async () => {
  mailbox = await startLocalMailbox()
})
afterAll(async () => {
  await mailbox?.close()
})
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }))
afterEach(() => void vi.useRealTimers())

const SAME_ORIGIN = { origin: ORIGIN }
const EMAIL = 'pat@example.test'
// Eight characters, none of them the address's.
const EIGHT = 'kq7vz2mw'

describe.each(['jwt', 'database'] as const)(
  'the Password provider with two-factor, %s sessions',
  (strategy) => {
    async function passwordApp() {
      const adapter = MemoryAdapter()
      const app = twoFactorApp({
        adapter,
        session: { strategy },
        providers: [
          Password({
            sender: Nodemailer({ server: mailbox.url, from: 'App <no-reply@app.test>' }),
            hashing: FAST_HASHING,
            breachedPasswordCheck: false,
          }),
        ],
      })
      await seedPasswordUser(adapter, EMAIL)
      return app
    }
    type App = Awaited<ReturnType<typeof passwordApp>>

    async function signIn(app: App, jar: CookieJar, password = GOOD_PASSWORD) {
      return app.browser.post(
        jar,
        '/auth/callback/password',
        { csrfToken: await app.browser.csrf(jar), email: EMAIL, password, callbackUrl: `${ORIGIN}/home` },
        SAME_ORIGIN,
      )
    }

    async function changePassword(app: App, jar: CookieJar, currentPassword: string, newPassword: string) {
      const res = await app.browser.post(
        jar,
        '/auth/change-password',
        { csrfToken: await app.browser.csrf(jar), currentPassword, newPassword },
        SAME_ORIGIN,
      )
      return new URL(res.headers.get('location')!)
    }

    it('asks 15 characters before enrolment and 8 after it (the default minLength)', async () => {
      const app = await passwordApp()
      const jar = new CookieJar()
      expect(setNames(await signIn(app, jar))).toContain(SESSION)
      const page = async () =>
        (await (await app.browser.call(jar, '/auth/change-password')).text()).match(/minlength="(\d+)"/)?.[1]
      expect(await page()).toBe('15')
      const refused = await changePassword(app, jar, GOOD_PASSWORD, EIGHT)
      expect(refused.searchParams.get('error')).toBe('PasswordTooShort')
      // The twoFactor option alone changes nothing: only an enrolled user has a second factor.
      await enrol(app, jar)
      expect(await page()).toBe('8')
      const changed = await changePassword(app, jar, GOOD_PASSWORD, EIGHT)
      expect(changed.searchParams.get('changed')).toBe('1')
    })

    it('holds the password sign-in of an enrolled user until the code: then one jwt signIn, one event', async () => {
      const app = await passwordApp()
      const { secret } = await enrol(
        app,
        await (async () => {
          const jar = new CookieJar()
          await signIn(app, jar)
          return jar
        })(),
      )
      nextStep()
      app.seen.jwt.length = 0
      app.seen.signIn.length = 0

      const jar = new CookieJar()
      const held = await signIn(app, jar)
      expect(held.headers.get('location')).toBe(`${ORIGIN}/auth/two-factor`)
      expect(setNames(held)).toContain(PENDING)
      expect(setNames(held)).not.toContain(SESSION)
      expect(await app.browser.session(jar)).toBeNull()
      expect(app.seen.jwt).toEqual([])
      expect(app.seen.signIn).toEqual([])
      // A wrong code changes none of that.
      await answerChallenge(app, jar, '000000')
      expect(app.seen.jwt).toEqual([])
      expect(app.seen.signIn).toEqual([])

      const done = await answerChallenge(app, jar, totpCode(secret, stepAt()))
      expect(done.headers.get('location')).toBe(`${ORIGIN}/home`)
      expect(setNames(done)).toContain(SESSION)
      expect((await app.browser.session(jar))?.user?.email).toBe(EMAIL)
      expect(app.seen.signIn).toHaveLength(1)
      expect(app.seen.signIn[0]!.account?.provider).toBe('password')
      const jwt = strategy === 'jwt' ? [{ trigger: 'signIn', provider: 'password' }] : []
      expect(app.seen.jwt.map((j) => ({ trigger: j.trigger, provider: j.account?.provider }))).toEqual(jwt)
    })
  },
)
