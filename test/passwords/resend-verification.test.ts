/**
 * Sending the verification link again (`POST /verify-email/resend`), and the sign-in page's refusal of an address not
 * verified yet, which offers it: one mail through the real SMTP server for an account not verified, none for a
 * verified or unknown address, the same answer for all three; the CSRF token checked; the e-mail send limits applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, ORIGIN, passwordRig, signUpVerified, type PasswordRig } from './password-harness.js'

async function shape(res: Response) {
  return { status: res.status, location: res.headers.get('location'), body: await res.text() }
}

/** The mails the real SMTP server received for `to`, after giving the last one time to arrive. */
async function mailsTo(rig: PasswordRig, to: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 150))
  return rig.mailbox.messages.filter((m) => m.envelope.to.includes(to)).length
}

/** Signs up `email` (one verification mail) and leaves it unverified. */
async function signUpOnly(rig: PasswordRig, email: string): Promise<void> {
  const res = await rig.post(new CookieJar(), '/auth/signup/password', { email, password: GOOD_PASSWORD })
  expect(res.status).toBe(302)
  await rig.linkTo(email, '/auth/verify-email')
}

describe('sending the verification link again (SQLite, database sessions)', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    rig = await passwordRig({ backend: 'sqlite', strategy: 'database' })
  })
  afterAll(() => rig.close())

  it('offers it on the sign-in page after the right password of an unverified address; the button mails a working link', async () => {
    const email = 'page-offer@example.com'
    await signUpOnly(rig, email)
    const jar = new CookieJar()
    const refused = await rig.post(jar, '/auth/callback/password', { email, password: GOOD_PASSWORD })
    const location = new URL(refused.headers.get('location')!)
    expect(location.searchParams.get('error')).toBe('EmailNotVerified')

    const page = await (await rig.call(jar, `${location.pathname}${location.search}`)).text()
    expect(page).toContain('Your email address is not verified yet')
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page)
    expect(form?.[1]).toBe(`${ORIGIN}/auth/verify-email/resend`)
    const fields = Object.fromEntries(
      [...form![2]!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    )
    expect(fields.email).toBe(email)
    expect(form![2]).toContain('Send the verification email again')

    const before = await mailsTo(rig, email)
    const sent = await rig.post(jar, '/auth/verify-email/resend', fields)
    expect(sent.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=password&type=email`)
    const { url } = await rig.linkTo(email, '/auth/verify-email')
    expect(await mailsTo(rig, email)).toBe(before + 1)
    await rig.post(jar, '/auth/verify-email', { token: url.searchParams.get('token')!, email })
    expect((await rig.session(jar))?.user?.email).toBe(email)
  })

  it('links to the resend page when the typed address was not kept', async () => {
    const res = await rig.call(new CookieJar(), '/auth/signin?error=EmailNotVerified')
    const page = await res.text()
    expect(page).toContain(`<a href="${ORIGIN}/auth/verify-email">Send the verification email again</a>`)
    expect(page).not.toContain('/auth/verify-email/resend')
    const resendPage = await rig.call(new CookieJar(), '/auth/verify-email')
    expect(await resendPage.text()).toContain('Send the link again')
  })

  it('mails an unverified account once, a verified or unknown address never, and answers all three alike', async () => {
    const unverified = 'resend-unverified@example.com'
    const verified = 'resend-verified@example.com'
    const unknown = 'resend-unknown@example.com'
    await signUpOnly(rig, unverified)
    await signUpVerified(rig, new CookieJar(), verified)
    const before = { unverified: await mailsTo(rig, unverified), verified: await mailsTo(rig, verified) }

    const answers = []
    for (const email of [unverified, verified, unknown]) {
      answers.push(await shape(await rig.post(new CookieJar(), '/auth/verify-email/resend', { email })))
    }
    expect(answers[0]!.status).toBe(302)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(await mailsTo(rig, unverified)).toBe(before.unverified + 1)
    expect(await mailsTo(rig, verified)).toBe(before.verified)
    expect(await mailsTo(rig, unknown)).toBe(0)
  })

  it('refuses a resend without the right CSRF token, and sends nothing', async () => {
    const email = 'resend-csrf@example.com'
    await signUpOnly(rig, email)
    const before = await mailsTo(rig, email)
    const jar = new CookieJar()
    await rig.csrf(jar)
    const forged = await rig.post(jar, '/auth/verify-email/resend', { email, csrfToken: 'forged' })
    expect(forged.headers.get('location')).toContain('error=MissingCSRF')
    // No CSRF cookie at all (a cross-site form post has none of ours).
    const bare = await rig.call(new CookieJar(), '/auth/verify-email/resend', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ email, csrfToken: 'forged' }),
    })
    expect(bare.headers.get('location')).toContain('error=MissingCSRF')
    expect(await mailsTo(rig, email)).toBe(before)
  })

  it('counts resends against the e-mail send limits per address (5 an hour with the sign-up mail), answering alike', async () => {
    const email = 'resend-limit@example.com'
    await signUpOnly(rig, email)
    const answers = []
    for (let i = 0; i < 7; i++) {
      answers.push(await shape(await rig.post(new CookieJar(), '/auth/verify-email/resend', { email })))
    }
    for (const answer of answers) expect(answer).toEqual(answers[0])
    // The sign-up mail and 4 resends; the 5th and later resends in the hour send nothing.
    expect(await mailsTo(rig, email)).toBe(5)
  })
})
