/**
 * Password accounts in Chromium on the built-in pages, SQLite and PostgreSQL (database sessions): sign up from the
 * sign-in page's "Create account", read the link from the real SMTP server, verify, sign out, sign in; forgot
 * password, reset, the old password refused and another browser context's session ended; change password; an
 * address not verified yet is refused with the offer to send the link again, which mails a new link that works.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import Nodemailer from '../../src/providers/nodemailer.js'
import Password from '../../src/passwords/password.js'
import { startLocalMailbox, type LocalMailbox } from '../../src/testing/local-mailbox.js'
import type { AuthConfig } from '../../src/types.js'
import { postgresEmailBackend, sqliteEmailBackend, type EmailBackend } from '../email/flow-harness.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { databaseAvailable } from '../support/test-databases.js'

const skip = skipWithoutChromium('the password browser test')
const havePostgres = skip ? false : await databaseAvailable('postgres')
const backends: EmailBackend[] = [sqliteEmailBackend, ...(havePostgres ? [postgresEmailBackend] : [])]

const FIRST = 'correct horse battery staple'
const SECOND = 'a second passphrase after reset'
const THIRD = 'and a third one, changed while signed in'

describe.skipIf(skip).each(backends)('password accounts in Chromium on $name', (backend) => {
  let browser: Browser | undefined
  let server: ServedAuth | undefined
  let db: Awaited<ReturnType<EmailBackend['setup']>> | undefined
  let box: LocalMailbox | undefined
  const email = `grace.${backend.name}@example.com`

  beforeAll(async () => {
    box = await startLocalMailbox()
    db = await backend.setup()
    const adapter = db.adapter
    browser = await launchChromium()
    const sender = Nodemailer({ server: box.url, from: 'Gatehouse test <no-reply@example.com>' })
    server = await serveAuth((): AuthConfig => ({
      secret: 'a-password-browser-test-secret-of-32-characters',
      trustHost: true,
      adapter,
      session: { strategy: 'database' },
      logger: { error: () => {}, warn: () => {} },
      providers: [Password({ sender })],
    }))
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await db?.teardown()
    await box?.close()
  })

  async function newContext(): Promise<BrowserContext> {
    const context = await browser!.newContext({ baseURL: server!.origin })
    context.setDefaultTimeout(5_000)
    return context
  }

  async function link(path: string, to = email): Promise<string> {
    const mail = await box!.next()
    expect(mail.envelope.to).toEqual([to])
    const found = new RegExp(`http://\\S+${path}\\?\\S+`).exec(mail.text)?.[0]
    expect(found, mail.text).toBeDefined()
    return found!
  }

  async function signIn(page: Page, password: string) {
    await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  const sessionOf = async (context: BrowserContext) =>
    (await (await context.request.get('/auth/session')).json()) as { user?: { email?: string } } | null

  test('signs up, verifies through the mailed link, signs out and signs in again', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
      await page.getByRole('link', { name: 'Create account' }).click()
      expect(await page.locator('h1').textContent()).toBe('Create account')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password', { exact: true }).fill('too short')
      await page.getByRole('button', { name: 'Create account' }).click()
      // The browser's own minlength stops it first; the server's rule is the one under test elsewhere.
      expect(page.url()).toContain('/auth/signup')
      await page.getByLabel('Password', { exact: true }).fill(FIRST)
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')

      await page.goto(await link('/auth/verify-email'))
      expect(await page.locator('h1').textContent()).toBe('Verify your email')
      expect(await sessionOf(context)).toBeNull()
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/session')
      expect((await sessionOf(context))?.user?.email).toBe(email)

      await page.goto('/auth/signout')
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForLoadState()
      expect(await sessionOf(context)).toBeNull()

      await signIn(page, FIRST)
      await page.waitForURL((url) => url.pathname === '/auth/session')
      expect((await sessionOf(context))?.user?.email).toBe(email)
    } finally {
      await context.close()
    }
  })

  test("resets a forgotten password: the old one is refused and another browser's session ends", async () => {
    const other = await newContext()
    const context = await newContext()
    try {
      const otherPage = await other.newPage()
      await signIn(otherPage, FIRST)
      await otherPage.waitForURL((url) => url.pathname === '/auth/session')
      expect((await sessionOf(other))?.user?.email).toBe(email)

      const page = await context.newPage()
      await page.goto('/auth/signin')
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      expect(await page.locator('h1').textContent()).toBe('Reset your password')
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Email me a link' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')
      await page.goto(await link('/auth/reset-password'))
      expect(await page.locator('h1').textContent()).toBe('Choose a new password')
      await page.getByLabel('New password').fill(SECOND)
      await page.getByRole('button', { name: 'Set password and sign in' }).click()
      await page.waitForLoadState()
      expect((await sessionOf(context))?.user?.email).toBe(email)
      expect(await sessionOf(other)).toBeNull()

      await page.goto('/auth/signout')
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForLoadState()
      await signIn(page, FIRST)
      await page.waitForURL((url) => url.searchParams.get('error') === 'CredentialsSignin')
      expect(await page.getByRole('alert').textContent()).toContain('Sign-in failed')
      await signIn(page, SECOND)
      await page.waitForURL((url) => url.pathname === '/auth/session')
    } finally {
      await context.close()
      await other.close()
    }
  })

  test('changes the password while signed in', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await signIn(page, SECOND)
      await page.waitForURL((url) => url.pathname === '/auth/session')
      await page.goto('/auth/change-password')
      await page.getByLabel('Current password').fill(SECOND)
      await page.getByLabel('New password').fill(THIRD)
      await page.getByRole('button', { name: 'Change password' }).click()
      await page.waitForURL((url) => url.searchParams.get('changed') === '1')
      expect(await page.getByRole('status').textContent()).toContain('Your password was changed')
      expect((await sessionOf(context))?.user?.email).toBe(email)
      const fresh = await newContext()
      try {
        const freshPage = await fresh.newPage()
        await signIn(freshPage, THIRD)
        await freshPage.waitForURL((url) => url.pathname === '/auth/session')
        expect((await sessionOf(fresh))?.user?.email).toBe(email)
      } finally {
        await fresh.close()
      }
    } finally {
      await context.close()
    }
  })

  test('refuses an address not verified yet with the offer to resend; the new link verifies and signs in', async () => {
    const pending = `pending.${backend.name}@example.com`
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto('/auth/signup')
      await page.getByLabel('Email').fill(pending)
      await page.getByLabel('Password', { exact: true }).fill(FIRST)
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')
      // The first link is left unread, as in a mail that got lost.
      await link('/auth/verify-email', pending)

      await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
      await page.getByLabel('Email').fill(pending)
      await page.getByLabel('Password', { exact: true }).fill(FIRST)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => url.searchParams.get('error') === 'EmailNotVerified')
      const alert = page.getByRole('alert')
      expect(await alert.textContent()).toContain('Your email address is not verified yet')
      expect(await sessionOf(context)).toBeNull()

      await alert.getByRole('button', { name: 'Send the verification email again' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')
      const again = await link('/auth/verify-email', pending)
      await page.goto(again)
      await page.getByRole('button', { name: 'Verify and sign in' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/session')
      expect((await sessionOf(context))?.user?.email).toBe(pending)
    } finally {
      await context.close()
    }
  })
})
