import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { expectExampleLooksFinished } from '../support/example-look.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDemo, type RunningDemo } from '../../examples/demo/server.js'
import { demoAccounts } from '../../examples/demo/demo-accounts.js'

const skip = skipWithoutChromium('the demo browser test')

const alice = demoAccounts[0]!

/** Session cookies, chunked or not; their absence is what "signed out" means to the browser. */
async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('authjs.session-token'))
}

/** The sign-in page's section of one way in, by its heading. */
function section(page: Page, title: string) {
  return page.locator('section.way', { has: page.getByRole('heading', { name: title, exact: true }) })
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = section(page, 'Email and password')
  await form.getByLabel('Email', { exact: true }).fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in', exact: true }).click()
}

describe.skipIf(skip)('demo app in Chromium', () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  let dataDir: string | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-'))
    const started = Promise.all([
      startDemo({ port: 0, host: '127.0.0.1', dataDir, env: {}, log: () => {} }),
      launchChromium(),
    ])
    ;[demo, browser] = await started
  })

  /** A fresh browser profile; step timeouts (15 s: the machine may be loaded) shorter than the test's, so a failure names its step. */
  async function newContext(): Promise<BrowserContext> {
    const context = await browser!.newContext({ baseURL: demo!.url })
    context.setDefaultTimeout(15_000)
    return context
  }

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  test('signs in from the protected page, shows the user, and signs out', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto('/protected')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/protected')

      await signIn(page, alice.email, alice.password)
      await page.waitForURL((url) => url.pathname === '/protected')
      await expect.poll(() => page.locator('h1').textContent()).toBe('Protected page')
      const main = page.locator('main')
      expect(await main.textContent()).toContain(alice.name)
      expect(await main.textContent()).toContain(alice.email)
      expect(await sessionCookies(context)).toHaveLength(1)

      // context.request shares the browser context's cookies, so this is the session the browser holds.
      const session = await (await context.request.get('/auth/session')).json()
      expect(session.user).toMatchObject({ name: alice.name, email: alice.email })
      expect(typeof session.expires).toBe('string')

      // The protected page's link leads to /auth/signout?callbackUrl=/, the built-in confirmation page.
      await page.getByRole('link', { name: 'Sign out' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/signout')
      await page.getByRole('button', { name: /sign out/i }).click()
      await page.waitForURL((url) => url.pathname === '/')
      expect(await page.locator('main').textContent()).toContain('Not signed in')
      expect(await (await context.request.get('/auth/session')).json()).toBeNull()
      expect(await sessionCookies(context)).toHaveLength(0)

      await page.goto('/protected')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
    } finally {
      await context.close()
    }
  })

  test('a wrong password shows the error on the sign-in page and sets no session cookie', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto('/auth/signin?callbackUrl=/protected')
      await signIn(page, alice.email, `${alice.password}-wrong`)
      await page.waitForURL((url) => url.pathname === '/auth/signin' && url.searchParams.has('error'))
      expect(new URL(page.url()).searchParams.get('error')).toBe('CredentialsSignin')
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain('Sign-in failed. Check the details you entered and try again.')
      expect(await sessionCookies(context)).toHaveLength(0)
      expect(await (await context.request.get('/auth/session')).json()).toBeNull()
    } finally {
      await context.close()
    }
  })

  test('"Sign in with Email" works out of the box: the link arrives in /mailbox, opening it and confirming signs in', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto('/auth/signin?callbackUrl=/protected')
      const form = section(page, 'Email me a sign-in link')
      await form.getByLabel('Email address').fill('newcomer@example.com')
      await form.getByRole('button', { name: 'Email me a link' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')

      // "Check your email" points at the demo's own mailbox (theme.inbox).
      await page.getByRole('link', { name: 'Open the demo mailbox' }).click()
      await page.waitForURL((url) => url.pathname === '/mailbox')
      const message = page.locator('section.card').first()
      await expect.poll(() => message.locator('h2').textContent()).toMatch(/^Sign in to 127\.0\.0\.1:\d+$/)
      expect(await message.locator('code').first().textContent()).toBe('newcomer@example.com')
      // The whole message shows, even on a phone: the long link wraps instead of running out of sight.
      await page.setViewportSize({ width: 390, height: 844 })
      const pre = message.locator('pre')
      expect(await pre.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      expect(await pre.textContent()).toMatch(/http:\/\/\S+\/auth\/callback\/nodemailer\?\S*token=\w+/)
      // The link is the only link in the message; the page shows the text part, not the HTML.
      await message.locator('pre a').click()
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => url.pathname === '/protected')
      expect(await page.locator('main').textContent()).toContain('newcomer@example.com')
      expect(await sessionCookies(context)).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  test('looks finished and says what it runs: shared style, favicon, four ways in, passkeys on, database sessions', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await expectExampleLooksFinished(page)
      const text = (await page.locator('main').textContent()) ?? ''
      expect(text).toMatch(/four ways: an e-mail\s+address and a password/)
      expect(text).toContain('passkeys')
      expect(text).toMatch(/Sessions are kept in the database/)
      expect(text).not.toMatch(/encrypted cookie/)
      await page.goto('/auth/signin')
      for (const title of ['Email and password', 'Email me a sign-in link', 'Passkey']) {
        expect(await section(page, title).count(), title).toBe(1)
      }
      expect(await page.getByRole('button', { name: 'Sign in with Demo IdP' }).count()).toBe(1)
      // The passkey form is shown by Gatehouse's own script (the page's CSP allows it by its hash only).
      await page.locator('form.passkey').waitFor({ state: 'visible' })
    } finally {
      await context.close()
    }
  })
})
