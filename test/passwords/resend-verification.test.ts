/**
 * Sending the verification link again (`POST /verify-email/resend`), and the sign-in page's refusal of an address not
 * verified yet, which offers it: one mail through the real SMTP server for each of an account not verified (a new
 * link), a verified one ("already verified") and an unknown address ("no account"), the same answer for all three in
 * status, body and time; the CSRF token checked; the e-mail send limits applied to all three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar } from '../support/cookie-jar.js'
import {
  GOOD_PASSWORD,
  median,
  ORIGIN,
  passwordRig,
  signUpVerified,
  withinNoise,
  type PasswordRig,
} from './password-harness.js'

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

  it('mails each of an unverified, a verified and an unknown address once, the right mail each, answering alike', async () => {
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
    expect(answers[0]!.location).toBe(`${ORIGIN}/auth/verify-request?provider=password&type=email`)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(await mailsTo(rig, unverified)).toBe(before.unverified + 1)
    expect(await mailsTo(rig, verified)).toBe(before.verified + 1)
    expect(await mailsTo(rig, unknown)).toBe(1)

    const link = await rig.linkTo(unverified, '/auth/verify-email')
    expect(link.message.subject).toBe('Verify your email for app.test')
    expect(link.url.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/)
    expect(link.url.searchParams.get('email')).toBe(unverified)

    const last = (to: string) => rig.mailbox.messages.filter((m) => m.envelope.to.includes(to)).at(-1)!
    const toVerified = last(verified)
    expect(toVerified.subject).toBe('Your email for app.test is already verified')
    expect(toVerified.text).toContain('needs no verification')
    expect(toVerified.text).toContain(`Sign in: ${ORIGIN}/auth/signin`)
    expect(toVerified.text).toContain(`Reset your password: ${ORIGIN}/auth/reset-password`)
    const toUnknown = last(unknown)
    expect(toUnknown.subject).toBe('Verify your email for app.test')
    expect(toUnknown.text).toContain('this address has no account')
    expect(toUnknown.text).toContain(`Create an account: ${ORIGIN}/auth/signup`)
    for (const mail of [toVerified, toUnknown]) {
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain('token=')
        expect(body).not.toContain('/auth/verify-email')
        expect(body).not.toMatch(/[0-9a-f]{64}/)
      }
    }
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

  it('counts resends to each kind of address against the send limits per address (5 an hour), answering alike', async () => {
    const unverified = 'resend-limit@example.com'
    const verified = 'resend-limit-verified@example.com'
    await signUpOnly(rig, unverified)
    await signUpVerified(rig, new CookieJar(), verified)
    // The sign-up mail counts for the first two (the verified one's too), so each gets 5 mails in all.
    for (const email of [unverified, verified, 'resend-limit-unknown@example.com']) {
      const answers = []
      for (let i = 0; i < 7; i++) {
        answers.push(await shape(await rig.post(new CookieJar(), '/auth/verify-email/resend', { email })))
      }
      for (const answer of answers) expect(answer, email).toEqual(answers[0])
      // 5 mails in the hour, the earlier ones included; the later resends send nothing.
      expect(await mailsTo(rig, email), email).toBe(5)
    }
  })

  it('counts resends from one client across addresses against the per-client limit (20 an hour)', async () => {
    const client = { 'x-test-client': '203.0.113.23' }
    const answers = []
    for (let i = 0; i < 22; i++) {
      const res = await rig.post(
        new CookieJar(),
        '/auth/verify-email/resend',
        { email: `resend-client-${i}@example.com` },
        client,
      )
      answers.push(await shape(res))
    }
    for (const answer of answers) expect(answer).toEqual(answers[0])
    await mailsTo(rig, 'resend-client-0@example.com')
    const sent = rig.mailbox.messages.filter((m) => /^resend-client-\d+@/.test(m.envelope.to[0]!)).length
    expect(sent).toBe(20)
  })
})

describe('the resend answers alike in time (SQLite, database sessions, no send limits)', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    // Send limits off: the timing test asks for one address many times.
    rig = await passwordRig({ backend: 'sqlite', strategy: 'database', senderLimits: false })
  })
  afterAll(() => rig.close())

  it('takes the same time for an unverified, a verified and an unknown address (one mail each)', async () => {
    const unverified = 'timed-unverified@example.com'
    const verified = 'timed-verified@example.com'
    await signUpOnly(rig, unverified)
    await signUpVerified(rig, new CookieJar(), verified)
    const timings: Record<string, number[]> = { unverified: [], verified: [], unknown: [] }
    for (let i = 0; i < 7; i++) {
      const runs: Array<[string, string]> = [
        ['unverified', unverified],
        ['verified', verified],
        ['unknown', `timed-nobody${i}@example.com`],
      ]
      const answers: Record<string, Awaited<ReturnType<typeof shape>>> = {}
      for (const [name, email] of runs) {
        const jar = new CookieJar()
        const csrfToken = await rig.csrf(jar)
        const started = performance.now()
        const res = await rig.post(jar, '/auth/verify-email/resend', { email, csrfToken })
        timings[name]!.push(performance.now() - started)
        answers[name] = await shape(res)
      }
      expect(answers.verified).toEqual(answers.unverified)
      expect(answers.unknown).toEqual(answers.unverified)
    }
    const medians = Object.fromEntries(Object.entries(timings).map(([name, list]) => [name, median(list)]))
    const detail = JSON.stringify({ medians, timings })
    expect(withinNoise(medians.verified!, medians.unverified!), detail).toBe(true)
    expect(withinNoise(medians.unknown!, medians.unverified!), detail).toBe(true)
    console.log(`resend timing medians (ms): ${JSON.stringify(medians)}`)
  })
})
