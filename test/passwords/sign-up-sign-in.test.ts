/**
 * The password lifecycle in process on both session strategies, memory and SQLite: sign-up mails a link through the
 * real SMTP server, sign-in waits for verification, the link verifies and signs in, sign-in then works; the stored
 * hash is argon2id in PHC form; events fire; nothing logs the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, passwordRig, signUpVerified, type PasswordRig } from './password-harness.js'

for (const backend of ['memory', 'sqlite'] as const) {
  for (const strategy of ['jwt', 'database'] as const) {
    describe(`password accounts: ${backend}, ${strategy} sessions`, () => {
      let rig: PasswordRig
      const events: Array<[string, unknown]> = []
      beforeAll(async () => {
        rig = await passwordRig({
          backend,
          strategy,
          events: {
            createUser: (m) => void events.push(['createUser', m.user.email]),
            signIn: (m) => void events.push(['signIn', m.account?.provider]),
          },
        })
      })
      afterAll(() => rig.close())

      it('signs up, refuses sign-in until verified, verifies through the mailed link, then signs in', async () => {
        const email = `ada-${strategy}@example.com`
        const jar = new CookieJar()
        const signUp = await rig.post(jar, '/auth/signup/password', { email, password: GOOD_PASSWORD })
        expect(signUp.status).toBe(302)
        expect(signUp.headers.get('location')).toBe(
          `http://app.test/auth/verify-request?provider=password&type=email`,
        )
        const { message, url } = await rig.linkTo(email, '/auth/verify-email')
        expect(message.subject).toMatch(/Verify your email/)

        const early = await rig.post(new CookieJar(), '/auth/callback/password', {
          email,
          password: GOOD_PASSWORD,
        })
        expect(early.headers.get('location')).toContain('error=EmailNotVerified')

        const page = await rig.call(jar, `${url.pathname}${url.search}`)
        expect(page.status).toBe(200)
        expect(await page.text()).toContain('Verify and sign in')
        const verified = await rig.post(jar, '/auth/verify-email', {
          token: url.searchParams.get('token')!,
          email,
        })
        expect(verified.status).toBe(302)
        expect((await rig.session(jar))?.user?.email).toBe(email)

        const other = new CookieJar()
        const signIn = await rig.post(other, '/auth/callback/password', { email, password: GOOD_PASSWORD })
        expect(signIn.status).toBe(302)
        expect(signIn.headers.get('location')).toBe('http://app.test/')
        expect((await rig.session(other))?.user?.email).toBe(email)
        expect(events).toContainEqual(['createUser', email])
        expect(events).toContainEqual(['signIn', 'password'])
      })

      it('stores an argon2id PHC string with the configured parameters, never the password', async () => {
        const email = `format-${strategy}@example.com`
        await signUpVerified(rig, new CookieJar(), email)
        const user = await rig.adapter.getUserByEmail(email)
        const hash = await rig.adapter.getPasswordHash(user!.id)
        expect(hash).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
        expect(JSON.stringify(user)).not.toContain('argon2')
        expect(rig.errors.map(String).join('\n')).not.toContain(GOOD_PASSWORD)
      })

      it('refuses a wrong password and an unknown address alike', async () => {
        const email = `wrong-${strategy}@example.com`
        await signUpVerified(rig, new CookieJar(), email)
        const wrong = await rig.post(new CookieJar(), '/auth/callback/password', {
          email,
          password: 'not the password at all',
        })
        const unknown = await rig.post(new CookieJar(), '/auth/callback/password', {
          email: `nobody-${strategy}@example.com`,
          password: GOOD_PASSWORD,
        })
        expect(wrong.status).toBe(302)
        expect(wrong.headers.get('location')).toBe(unknown.headers.get('location'))
        expect(wrong.headers.get('location')).toContain('error=CredentialsSignin')
        expect(rig.errors.map((e) => `${e.message} ${String(e.cause)}`).join('\n')).not.toContain(
          'not the password',
        )
      })
    })
  }
}
