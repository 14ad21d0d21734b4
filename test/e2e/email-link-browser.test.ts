/**
 * E-mail sign-in in Chromium, on SQLite and PostgreSQL: ask for a link on the built-in sign-in page, which
 * Nodemailer sends over SMTP to a real SMTP server on loopback (gatehouse-auth/testing/mailbox); read it from there,
 * open it, press the confirmation button, signed in.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import Email from '../../src/providers/email.js'
import { startLocalMailbox, type LocalMailbox } from '../../src/testing/local-mailbox.js'
import type { AuthConfig } from '../../src/types.js'
import { postgresEmailBackend, sqliteEmailBackend, type EmailBackend } from '../email/flow-harness.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { databaseAvailable } from '../support/test-databases.js'

const skip = skipWithoutChromium('the e-mail link browser test')
const havePostgres = skip ? false : await databaseAvailable('postgres')
const backends: EmailBackend[] = [sqliteEmailBackend, ...(havePostgres ? [postgresEmailBackend] : [])]

describe.skipIf(skip).each(backends)('e-mail link in Chromium on $name', (backend) => {
  let browser: Browser | undefined
  let server: ServedAuth | undefined
  let db: Awaited<ReturnType<EmailBackend['setup']>> | undefined
  let box: LocalMailbox | undefined

  beforeAll(async () => {
    box = await startLocalMailbox()
    db = await backend.setup()
    const adapter: Adapter = db.adapter
    browser = await launchChromium()
    server = await serveAuth((): AuthConfig => ({
      secret: 'an-e-mail-browser-test-secret-of-32-characters',
      trustHost: true,
      adapter,
      logger: { error: () => {}, warn: () => {} },
      providers: [Email({ server: box!.url, from: 'Gatehouse test <no-reply@example.com>' })],
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
    context.setDefaultTimeout(15_000)
    return context
  }

  test('asks for a link on the sign-in page, opens it, confirms, and is signed in', async () => {
    const context = await newContext()
    const page = await context.newPage()
    try {
      await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/auth/session')}`)
      await page.getByLabel('Email address').fill(`Alice.${backend.name}@Example.com`)
      await page.getByRole('button', { name: 'Email me a link' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/verify-request')
      expect(await page.locator('h1').textContent()).toBe('Check your email')

      const mail = await box!.next()
      const address = `alice.${backend.name}@example.com`
      expect(mail.envelope.to).toEqual([address])
      const link = /http:\/\/\S+\/auth\/callback\/email\?\S+/.exec(mail.text)?.[0]
      expect(new URL(link!).searchParams.get('email')).toBe(address)
      // Opening the link changes nothing yet: the page asks.
      await page.goto(link!)
      expect(await page.locator('h1').textContent()).toBe('Finish signing in')
      expect(await page.locator('strong').textContent()).toBe(address)
      expect(await (await context.request.get('/auth/session')).json()).toBeNull()
      expect((await db!.tokens()).filter((t) => t.identifier === address)).toHaveLength(1)

      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.waitForURL((url) => url.pathname === '/auth/session')
      const session = await (await context.request.get('/auth/session')).json()
      expect(session.user.email).toBe(address)
      expect((await db!.tokens()).filter((t) => t.identifier === address)).toHaveLength(0)
      const cookies = await context.cookies()
      expect(cookies.some((c) => c.name === 'authjs.session-token')).toBe(true)
    } finally {
      await context.close()
    }
  })
})
