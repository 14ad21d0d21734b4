/**
 * The built-in pages in Chromium, as a person sees them: the sign-in page's sections (each way in titled, one
 * primary button), the address kept after a wrong password (with JavaScript on and off, never in the URL), and
 * every page at 1280x800 and 390x844, light and dark, compared with the reviewed screenshots in `screenshots/`
 * (`UPDATE_SCREENSHOTS=1` rewrites them; look at each one before committing it).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { toWebRequest } from '../../src/integrations/node/to-web-request.js'
import { writeWebResponse } from '../../src/integrations/node/write-web-response.js'
import Credentials from '../../src/providers/credentials.js'
import Nodemailer from '../../src/providers/nodemailer.js'
import Passkey from '../../src/providers/passkey.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { expectScreenshot } from '../support/screenshot-match.js'
import { quietLogger } from '../database/session-flow-scenarios.js'

const skip = skipWithoutChromium('the built-in pages in Chromium')

/**
 * The origin the browser sees. The pages print the host ("Back to localhost:3999"), so a port picked at random
 * would change every screenshot: the browser asks this origin, and each request is routed, unseen by the page, to
 * the server's real port. `localhost` is a secure context, where passkeys work.
 */
const ORIGIN = 'http://localhost:3999'

const ADA = { email: 'ada@example.com', password: 'correct horse battery staple' }

function oauth(id: string, name: string, bg: string): OAuthConfig {
  return {
    id,
    name,
    type: 'oauth',
    authorization: `https://${id}.example/authorize`,
    token: `https://${id}.example/token`,
    userinfo: `https://${id}.example/me`,
    clientId: `${id}-client`,
    clientSecret: `${id}-secret`,
    style: { bg, text: '#ffffff' },
  }
}

/** Credentials, two OAuth providers, e-mail links and passkeys: every kind of section the page has. */
function config(): AuthConfig {
  return {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    trustHost: true,
    adapter: MemoryAdapter(),
    session: { strategy: 'jwt' },
    logger: quietLogger(),
    theme: { inbox: { url: '/mailbox', label: 'Open the mailbox' } },
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email', autocomplete: 'username', required: true },
          password: { label: 'Password', type: 'password', required: true },
        },
        authorize: ({ email, password }) =>
          email === ADA.email && password === ADA.password ? { id: 'ada', email: ADA.email } : null,
      }),
      oauth('acme', 'Acme', '#4338ca'),
      oauth('globex', 'Globex', '#0f766e'),
      // Never sends here: the pages are only rendered.
      Nodemailer({ server: 'smtp://127.0.0.1:9', from: 'Gatehouse <auth@example.com>' }),
      Passkey(),
    ],
  }
}

/** The sign-in page's section of one way in, found by its heading. */
function section(page: Page, title: string) {
  return page.locator('section.way', { has: page.getByRole('heading', { name: title, exact: true }) })
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const
const SCHEMES = ['light', 'dark'] as const

/** Gatehouse at `/auth` on 127.0.0.1 (a free port), answering as {@link ORIGIN}. */
async function startServer(): Promise<{ server: Server; port: number }> {
  const auth = config()
  const server = createServer((req, res) => {
    const converted = toWebRequest(req)
    if (converted instanceof Response) return void writeWebResponse(res, converted)
    const url = new URL(converted.url)
    if (!url.pathname.startsWith('/auth/')) return void res.writeHead(404).end('not found')
    const request = new Request(`${ORIGIN}${url.pathname}${url.search}`, converted)
    Auth(request, auth).then(
      (response) => writeWebResponse(res, response),
      (error: unknown) => res.writeHead(500).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

describe.skipIf(skip)('the built-in pages in Chromium', () => {
  let server: Server | undefined
  let port = 0
  let browser: Browser

  beforeAll(async () => {
    let started
    ;[started, browser] = await Promise.all([startServer(), launchChromium()])
    ;({ server, port } = started)
  })
  afterAll(async () => {
    await browser?.close()
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await browser.newContext({ baseURL: ORIGIN, ...options })
    await context.route(`${ORIGIN}/**`, (route) =>
      route.continue({ url: route.request().url().replace(ORIGIN, `http://localhost:${port}`) }),
    )
    context.setDefaultTimeout(10_000)
    const page = await context.newPage()
    await page.goto(path)
    return page
  }

  /** The sign-in page with its passkey section shown (the page's script shows it). */
  async function openSignIn(options: BrowserContextOptions = {}, path = '/auth/signin'): Promise<Page> {
    const page = await open(path, options)
    if (options.javaScriptEnabled !== false) await page.locator('form.passkey').waitFor({ state: 'visible' })
    return page
  }

  async function wrongPassword(page: Page): Promise<void> {
    const form = section(page, 'Email and password')
    await form.getByLabel('Email', { exact: true }).fill(ADA.email)
    await form.getByLabel('Password').fill('not her password')
    await form.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.searchParams.get('error') === 'CredentialsSignin')
  }

  test('each way in is its own titled section, with exactly one primary button', async () => {
    const page = await openSignIn()
    const sections = page.locator('section.way')
    expect(
      await sections.evaluateAll((els) => els.map((e) => e.querySelector('h2')?.textContent ?? null)),
    ).toEqual(['Email and password', null, 'Email me a sign-in link', 'Passkey'])
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(3)
    // The provider buttons share one group.
    const others = sections.nth(1)
    expect((await others.getByRole('button').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Sign in with Acme',
      'Sign in with Globex',
    ])
    // One primary action; everything else is secondary.
    const primary = page.locator('.button-primary:visible')
    expect(await primary.count()).toBe(1)
    expect(await primary.textContent()).toBe('Sign in')
    expect(await page.locator('button:visible').count()).toBe(6)
    // The two address fields are told apart by name, not by position.
    const credentialsEmail = section(page, 'Email and password').getByLabel('Email', { exact: true })
    const linkEmail = section(page, 'Email me a sign-in link').getByLabel('Email address')
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(1)
    expect(await page.getByLabel('Email address', { exact: true }).count()).toBe(1)
    expect(await credentialsEmail.getAttribute('id')).not.toBe(await linkEmail.getAttribute('id'))
    expect(await linkEmail.evaluate((e) => e.getAttribute('aria-describedby'))).toBe('email-3-intro')
    await page.context().close()
  })

  for (const javaScriptEnabled of [true, false]) {
    test(`a wrong password keeps the typed address, never in the URL (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const page = await openSignIn({ javaScriptEnabled })
      await wrongPassword(page)
      const url = new URL(page.url())
      expect(url.pathname).toBe('/auth/signin')
      expect(url.search).toBe('?error=CredentialsSignin&code=credentials')
      expect(page.url()).not.toMatch(/ada|example\.com/)
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Sign-in failed')
      const form = section(page, 'Email and password')
      expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(ADA.email)
      expect(await form.getByLabel('Password').inputValue()).toBe('')
      // The focus waits in the field left to type.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password')
      // Then the right password signs in.
      await form.getByLabel('Password').fill(ADA.password)
      await form.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL((u) => u.pathname === '/')
      // A navigation, so that the request takes the route to the server.
      await page.goto('/auth/session')
      const session = JSON.parse((await page.locator('body').textContent()) ?? 'null') as {
        user?: { email?: string }
      } | null
      expect(session?.user?.email).toBe(ADA.email)
      await page.context().close()
    })
  }

  test('the other pages have one primary action each', async () => {
    for (const [path, label] of [
      ['/auth/error?error=Verification', 'Get a new link'],
      ['/auth/verify-request?provider=nodemailer&type=email', 'Open the mailbox'],
      ['/auth/callback/nodemailer?token=t0k3n&email=ada%40example.com', 'Sign in'],
      ['/auth/signout', 'Sign out'],
    ] as const) {
      const page = await open(path)
      const primary = page.locator('.button-primary')
      expect(await primary.count(), path).toBe(1)
      expect(await primary.textContent(), path).toBe(label)
      await page.context().close()
    }
  })

  describe('look the same as the reviewed screenshots', () => {
    const pages: { name: string; open: (options: BrowserContextOptions) => Promise<Page> }[] = [
      { name: 'sign-in', open: (o) => openSignIn(o) },
      {
        name: 'sign-in-wrong-password',
        open: async (o) => {
          const page = await openSignIn(o)
          await wrongPassword(page)
          await page.locator('form.passkey').waitFor({ state: 'visible' })
          return page
        },
      },
      { name: 'error', open: (o) => open('/auth/error?error=Verification', o) },
      { name: 'verify-request', open: (o) => open('/auth/verify-request?provider=nodemailer&type=email', o) },
      {
        name: 'email-confirm',
        open: (o) => open('/auth/callback/nodemailer?token=t0k3n&email=ada.lovelace%40example.com', o),
      },
      { name: 'sign-out', open: (o) => open('/auth/signout?callbackUrl=%2F', o) },
    ]
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of SCHEMES) {
        test(`${viewport.name} (${viewport.width}x${viewport.height}), ${colorScheme}`, async () => {
          for (const shot of pages) {
            const page = await shot.open({
              viewport: { width: viewport.width, height: viewport.height },
              colorScheme,
            })
            await expectScreenshot(page, `${shot.name}-${viewport.name}-${colorScheme}`)
            await page.context().close()
          }
        })
      }
    }
  })
})
