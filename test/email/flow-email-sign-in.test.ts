/**
 * E-mail sign-in end to end through `Auth()` on real SQLite and PostgreSQL adapters, both session strategies:
 * the link, the stored hash, the confirmation page, the session; then each way a link must fail, on its own.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipEmailConfirmation } from '../../src/symbols.js'
import { databaseAvailable } from '../support/test-databases.js'
import {
  browser,
  emailConfig,
  ORIGIN,
  postgresEmailBackend,
  SECRET,
  sqliteEmailBackend,
  type EmailBackend,
} from './flow-harness.js'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const havePostgres = await databaseAvailable('postgres')

const backends: EmailBackend[] = [sqliteEmailBackend, ...(havePostgres ? [postgresEmailBackend] : [])]

describe.each(backends)('e-mail sign-in on $name', (backend) => {
  let db: Awaited<ReturnType<EmailBackend['setup']>>
  beforeAll(async () => {
    db = await backend.setup()
  })
  afterAll(() => db.teardown())
  let n = 0
  /** A fresh address per test, so tests share the database without meeting. */
  const address = () => `user${++n}.${backend.name}@example.com`

  describe.each(['database', 'jwt'] as const)('with %s sessions', (strategy) => {
    it('mails a link, stores only its hash, shows the confirmation page, and signs in on the POST', async () => {
      const { config, mails, events } = emailConfig(db.adapter, { strategy })
      const b = browser(config)
      const email = address()
      const res = await b.requestLink(email.toUpperCase())
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
      expect(mails).toHaveLength(1)
      const mail = mails[0]!
      expect(mail.identifier).toBe(email)
      expect(mail.token).toMatch(/^[0-9a-f]{64}$/)
      const link = new URL(mail.url)
      expect(link.origin + link.pathname).toBe(`${ORIGIN}/auth/callback/email`)
      expect([...link.searchParams.keys()]).toStrictEqual(['callbackUrl', 'token', 'email'])
      expect(link.searchParams.get('token')).toBe(mail.token)
      expect(link.searchParams.get('email')).toBe(email)
      expect(link.searchParams.get('callbackUrl')).toBe(`${ORIGIN}/dashboard`)
      expect(Math.abs(mail.expires.getTime() - Date.now() - 86_400_000)).toBeLessThan(60_000)
      expect(mail.provider.id).toBe('email')
      expect(mail.request).toBeInstanceOf(Request)
      expect(((await mail.request.json()) as { email: string }).email).toBe(email.toUpperCase())
      const rows = (await db.tokens()).filter((r) => r.identifier === email)
      // Auth.js's format: sha256(token + secret), so a database shared with Auth.js keeps working.
      expect(rows.map((r) => r.token)).toStrictEqual([sha256(mail.token + SECRET)])

      const page = await b.call(mail.url)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain(`as <strong>${email}</strong>`)
      expect(html).not.toContain('<script')
      expect(page.headers.get('referrer-policy')).toBe('same-origin')
      expect(page.headers.get('cache-control')).toBe('no-store')

      const done = await b.confirm(mail.url)
      expect(done.status).toBe(302)
      expect(done.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
      expect((await b.session())?.user?.email).toBe(email)
      expect((await db.tokens()).filter((r) => r.identifier === email)).toStrictEqual([])
      const user = (await db.users()).find((u) => u.email === email)!
      expect(user.emailVerified).toBeInstanceOf(Date)
      expect(events).toStrictEqual([
        ['createUser', email],
        ['signIn', `${email}:true`],
      ])

      // A second sign-in updates the same user.
      const again = browser(config)
      await again.requestLink(email)
      expect((await again.confirm(mails[1]!.url)).status).toBe(302)
      expect((await again.session())?.user?.email).toBe(email)
      expect(events.slice(2)).toStrictEqual([
        ['updateUser', email],
        ['signIn', `${email}:false`],
      ])
      expect((await db.users()).filter((u) => u.email === email)).toHaveLength(1)
    })
  })

  it('a GET of the link, as a mail scanner makes, does not use the token', async () => {
    const { config, mails } = emailConfig(db.adapter)
    const email = address()
    await browser(config).requestLink(email)
    const link = mails[0]!.url
    for (let i = 0; i < 3; i++) {
      const scanner = browser(config)
      const res = await scanner.call(link)
      expect(res.status).toBe(200)
      expect(res.headers.getSetCookie().some((c) => c.includes('session-token'))).toBe(false)
    }
    expect((await db.tokens()).filter((r) => r.identifier === email)).toHaveLength(1)
    const person = browser(config)
    expect((await person.confirm(link)).headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect((await person.session())?.user?.email).toBe(email)
  })

  it('a link used once cannot be used again', async () => {
    const { config, mails } = emailConfig(db.adapter)
    await browser(config).requestLink(address())
    const first = browser(config)
    expect((await first.confirm(mails[0]!.url)).headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    const second = browser(config)
    const replay = await second.confirm(mails[0]!.url)
    expect(replay.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await second.session()).toBeNull()
  })

  it('an expired link is refused', async () => {
    const { config, mails } = emailConfig(db.adapter)
    await browser(config).requestLink(address())
    await db.expireTokens()
    const b = browser(config)
    const res = await b.confirm(mails[0]!.url)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await b.session()).toBeNull()
    const page = await b.call(res.headers.get('location')!)
    expect(page.status).toBe(403)
  })

  it('the token of one address does not sign in another address', async () => {
    const { config, mails } = emailConfig(db.adapter)
    const alice = address()
    const mallory = address()
    await browser(config).requestLink(alice)
    await browser(config).requestLink(mallory)
    const link = new URL(mails[1]!.url)
    link.searchParams.set('email', alice)
    const b = browser(config)
    const res = await b.confirm(link.href)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Verification`)
    expect(await b.session()).toBeNull()
    // Neither link was used up by the attempt.
    expect((await browser(config).confirm(mails[0]!.url)).headers.get('location')).toBe(`${ORIGIN}/dashboard`)
  })

  it('of several confirmations of one link at the same time, exactly one signs in', async () => {
    const { config, mails } = emailConfig(db.adapter)
    await browser(config).requestLink(address())
    const link = mails[0]!.url
    const browsers = Array.from({ length: 8 }, () => browser(config))
    // Every page is open before any button is pressed.
    const pages = await Promise.all(browsers.map((x) => x.call(link).then((r) => r.text())))
    const fields = (html: string) => {
      const get = (name: string) =>
        (new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '').replaceAll('&amp;', '&')
      return { csrfToken: get('csrfToken'), token: get('token'), email: get('email') }
    }
    const results = await Promise.all(
      browsers.map((x, i) => x.post('/auth/callback/email', fields(pages[i]!))),
    )
    const locations = results.map((r) => r.headers.get('location'))
    expect(locations.filter((l) => l === `${ORIGIN}/dashboard`)).toHaveLength(1)
    expect(locations.filter((l) => l === `${ORIGIN}/auth/error?error=Verification`)).toHaveLength(7)
    const sessions = await Promise.all(browsers.map((x) => x.session()))
    expect(sessions.filter((s) => s !== null)).toHaveLength(1)
  })

  it('a failing sender leaves no usable token and shows EmailSignin on the sign-in page', async () => {
    const { config, logger } = emailConfig(db.adapter, {
      provider: {
        sendVerificationRequest: () => Promise.reject(new Error('SMTP 451: try again later')),
      },
    })
    const email = address()
    const res = await browser(config).requestLink(email)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect((await db.tokens()).filter((r) => r.identifier === email)).toStrictEqual([])
    const logged = logger.errors.find((e) => (e as { reason?: string }).reason === 'email_send_failed')
    expect(logged?.message).toContain('SMTP 451: try again later')
  })

  it('keeps working across a secret rotation, and accepts a token Auth.js stored with its joined secrets', async () => {
    const old = emailConfig(db.adapter, { config: { secret: 'the-old-secret-of-at-least-32-characters!!' } })
    await browser(old.config).requestLink(address())
    const rotated = emailConfig(db.adapter, {
      config: {
        secret: ['the-new-secret-of-at-least-32-characters!!', 'the-old-secret-of-at-least-32-characters!!'],
      },
    })
    expect((await browser(rotated.config).confirm(old.mails[0]!.url)).headers.get('location')).toBe(
      `${ORIGIN}/dashboard`,
    )
    // Auth.js with `secret: [new, old]` hashes with "new,old" (wire-contract §7.3).
    const email = address()
    const token = 'a'.repeat(64)
    await db.insertToken({
      identifier: email,
      token: sha256(
        `${token}the-new-secret-of-at-least-32-characters!!,the-old-secret-of-at-least-32-characters!!`,
      ),
      expires: new Date(Date.now() + 60_000),
    })
    const link = `${ORIGIN}/auth/callback/email?${new URLSearchParams({ callbackUrl: `${ORIGIN}/x`, token, email })}`
    const b = browser(rotated.config)
    expect((await b.confirm(link)).headers.get('location')).toBe(`${ORIGIN}/x`)
    expect((await b.session())?.user?.email).toBe(email)
  })

  it('with `confirmation: skipEmailConfirmation` the GET signs in, as in Auth.js', async () => {
    const { config, mails } = emailConfig(db.adapter, { provider: { confirmation: skipEmailConfirmation } })
    const email = address()
    await browser(config).requestLink(email)
    const b = browser(config)
    const res = await b.call(mails[0]!.url)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    expect((await b.session())?.user?.email).toBe(email)
  })

  it('a signIn callback that refuses the address sends nothing', async () => {
    const { config, mails } = emailConfig(db.adapter, {
      config: {
        callbacks: {
          signIn: ({ email }) => {
            expect(email).toStrictEqual({ verificationRequest: true })
            return false
          },
        },
      },
    })
    const res = await browser(config).requestLink(address())
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
    expect(mails).toStrictEqual([])
  })
})
