/**
 * Passkeys in Chromium with a virtual authenticator (DevTools `WebAuthn.addVirtualAuthenticator`: CTAP2, internal
 * transport, resident keys, user verification), on the built-in sign-in page and through `gatehouse-auth/webauthn`, on
 * SQLite and PostgreSQL: register a new user, sign out, sign in with the button and with autofill (conditional
 * mediation), add a second passkey while signed in. The page's script is Gatehouse's own file, allowed by its hash;
 * with JavaScript off the page still signs in with credentials.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { postgresBackend, sqliteBackend } from '../database/flow-backends.js'
import type { FlowBackend } from '../database/session-flow-scenarios.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { databaseAvailable } from '../support/test-databases.js'
import { PASSWORD_USER, startWebAuthnBrowserApp, type WebAuthnBrowserApp } from './webauthn-browser-app.js'

const skip = skipWithoutChromium('the passkey browser tests')
const postgres = skip ? false : await databaseAvailable('postgres')

type WebAuthnAdapter = Adapter & { listAuthenticatorsByUserId(userId: string): Promise<unknown[]> }

/** A virtual platform authenticator on `page`'s tab; it answers without a prompt (presence and UV simulated). */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}

async function credentialCount(cdp: CDPSession, id: string): Promise<number> {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials.length
}

function mediations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __mediations: string[] }).__mediations)
}

async function sessionEmail(page: Page): Promise<string | null> {
  const session = (await (await page.request.get('/auth/session')).json()) as {
    user?: { email?: string }
  } | null
  return session?.user?.email ?? null
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/auth/signout')
  await page.getByRole('button', { name: /sign out/i }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/signout'))
  expect(await sessionEmail(page)).toBeNull()
}

function pageScenarios(backend: FlowBackend) {
  describe(`the built-in sign-in page on ${backend.name}`, () => {
    let app: WebAuthnBrowserApp
    let browser: Browser
    let adapter: WebAuthnAdapter
    let teardown: (() => unknown) | undefined

    beforeAll(async () => {
      const setup = await backend.setup()
      adapter = setup.adapter as WebAuthnAdapter
      teardown = setup.teardown
      ;[app, browser] = await Promise.all([startWebAuthnBrowserApp(adapter), launchChromium()])
    })
    afterAll(async () => {
      await browser?.close()
      await app?.close()
      await teardown?.()
    })

    async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
      const context: BrowserContext = await browser.newContext({ baseURL: app.origin, ...options })
      context.setDefaultTimeout(15_000)
      const page = await context.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`)
      })
      return { context, page, problems }
    }

    async function openSignIn(page: Page) {
      const response = await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`)
      await page
        .locator('form.passkey')
        .waitFor({ state: 'visible' })
        .catch(async (error: unknown) => {
          throw new Error(`the passkey form did not show (${String(error)}): ${await page.content()}`)
        })
      return response!
    }

    test('register, sign out, sign in with the button and with autofill, add a second passkey', async () => {
      const { context, page, problems } = await newPage()
      const first = await addAuthenticator(page)
      const optionsQueries: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith('/auth/webauthn-options/')) optionsQueries.push(url.search.slice(1))
      })
      await context.addInitScript(() => {
        // Records how the page asks for credentials; it runs before the page's own script.
        const calls: string[] = []
        Object.assign(window, { __mediations: calls })
        const get = navigator.credentials.get.bind(navigator.credentials)
        navigator.credentials.get = (options?: CredentialRequestOptions) => {
          calls.push(options?.mediation ?? 'optional')
          return get(options)
        }
      })
      const response = await openSignIn(page)

      // The script is Gatehouse's own file, allowed by its hash only.
      const csp = response.headers()['content-security-policy']!
      const script = page.locator('script[src]')
      const src = (await script.getAttribute('src'))!
      const integrity = (await script.getAttribute('integrity'))!
      expect(src).toMatch(new RegExp(`^${app.origin}/auth/webauthn-script/[\\w-]{22}\\.js$`))
      expect(csp).toContain(`script-src '${integrity}'`)
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toMatch(/script-src[^;]*'self'/)
      expect(await page.locator('#webauthn-0-email').getAttribute('autocomplete')).toBe('username webauthn')

      // A new user registers with a passkey.
      await page.locator('#webauthn-0-email').fill('new.user@example.com')
      await page.getByRole('button', { name: 'Create a passkey' }).click()
      await page.waitForURL(`${app.origin}/`)
      expect(await sessionEmail(page)).toBe('new.user@example.com')
      expect(await credentialCount(first.cdp, first.id)).toBe(1)
      const user = await adapter.getUserByEmail!('new.user@example.com')
      expect(await adapter.listAuthenticatorsByUserId(user!.id)).toHaveLength(1)

      await signOut(page)

      // The button, with the address (allowCredentials). The virtual authenticator answers a conditional request at
      // once, so it is held back (no simulated presence) until the page's autofill request is pending.
      await first.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
        authenticatorId: first.id,
        enabled: false,
      })
      await openSignIn(page)
      await expect.poll(() => mediations(page)).toEqual(['conditional'])
      await first.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
        authenticatorId: first.id,
        enabled: true,
      })
      await page.locator('#webauthn-0-email').fill('new.user@example.com')
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await page.waitForURL(`${app.origin}/`)
      expect(await sessionEmail(page)).toBe('new.user@example.com')
      expect(optionsQueries.at(-1)).toBe('action=authenticate&email=new.user%40example.com')

      await signOut(page)

      // Autofill: the page's conditional request, started on load, completes with no click (the virtual
      // authenticator picks the one credential where a person would pick it from the field's suggestions).
      await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`)
      await page.waitForURL(`${app.origin}/`)
      expect(optionsQueries.at(-1)).toBe('action=authenticate')
      expect(await sessionEmail(page)).toBe('new.user@example.com')

      // A second passkey while signed in, from another authenticator (the first one holds an excluded credential).
      await first.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first.id })
      const second = await addAuthenticator(page)
      await openSignIn(page)
      await page.getByRole('button', { name: 'Create a passkey' }).click()
      await page.waitForURL(`${app.origin}/`)
      expect(await credentialCount(second.cdp, second.id)).toBe(1)
      expect(await adapter.listAuthenticatorsByUserId(user!.id)).toHaveLength(2)
      expect(await sessionEmail(page)).toBe('new.user@example.com')

      // The second passkey signs the same user in, with the button and no address (a discoverable credential).
      await signOut(page)
      await second.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
        authenticatorId: second.id,
        enabled: false,
      })
      await openSignIn(page)
      await expect.poll(() => mediations(page)).toEqual(['conditional'])
      await second.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
        authenticatorId: second.id,
        enabled: true,
      })
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
      await page.waitForURL(`${app.origin}/`)
      expect(await sessionEmail(page)).toBe('new.user@example.com')
      expect(optionsQueries.at(-1)).toBe('action=authenticate')

      expect(problems).toEqual([])
      await context.close()
    }, 60_000)

    test('without JavaScript the passkey form stays hidden and credentials still sign in', async () => {
      const { context, page } = await newPage({ javaScriptEnabled: false })
      await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`)
      expect(await page.locator('form.passkey').isVisible()).toBe(false)
      // Playwright's text selectors skip <noscript>; with script off its content is ordinary markup.
      expect(await page.locator('noscript p').textContent()).toContain('needs JavaScript')
      const form = page.locator('section.way', {
        has: page.getByRole('heading', { name: 'Email and password' }),
      })
      await form.getByLabel('Email', { exact: true }).fill(PASSWORD_USER.email)
      await form.getByLabel('Password').fill(PASSWORD_USER.password)
      await form.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL(`${app.origin}/`)
      expect(await sessionEmail(page)).toBe(PASSWORD_USER.email)
      await context.close()
    })
  })
}

describe.skipIf(skip)('passkey failures on the built-in page, each with its own message', () => {
  let app: WebAuthnBrowserApp
  let browser: Browser
  let adapter: WebAuthnAdapter
  let teardown: (() => unknown) | undefined

  beforeAll(async () => {
    const setup = await sqliteBackend.setup()
    adapter = setup.adapter as WebAuthnAdapter
    teardown = setup.teardown
    ;[app, browser] = await Promise.all([startWebAuthnBrowserApp(adapter), launchChromium()])
    await adapter.createUser!({ id: 'taken', email: 'taken@example.com', emailVerified: null })
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await teardown?.()
  })

  test('an address with an account, no passkey for the address, a closed prompt', async () => {
    const context = await browser.newContext({ baseURL: app.origin })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const authenticator = await addAuthenticator(page)
    await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent(`${app.origin}/`)}`)
    const form = page.locator('form.passkey')
    await form.waitFor({ state: 'visible' })
    const status = form.locator('[data-webauthn-status]')
    const shown = async (message: RegExp) => {
      await status.waitFor({ state: 'visible' })
      await expect.poll(() => status.textContent()).toMatch(message)
    }

    // "Create a passkey" for an address that already has an account: sign in first.
    await page.locator('#webauthn-0-email').fill('taken@example.com')
    await page.getByRole('button', { name: 'Create a passkey' }).click()
    await shown(/already has an account\. Sign in to it first/)

    // Signing in with that address, which has no passkey here.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await shown(/no passkey for this email address on this site/)
    expect(
      await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id }),
    ).toEqual({
      credentials: [],
    })

    // A prompt that ends without a passkey (here: user verification refused): closed, not "timed out".
    await page.locator('#webauthn-0-email').fill('')
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: false,
    })
    await page.getByRole('button', { name: 'Create a passkey' }).click()
    await shown(/Enter your email address to create a passkey/)
    await page.locator('#webauthn-0-email').fill('someone.new@example.com')
    await page.getByRole('button', { name: 'Create a passkey' }).click()
    await shown(/prompt was closed before it finished/)
    expect(await adapter.getUserByEmail!('someone.new@example.com')).toBeNull()
    await context.close()
  }, 60_000)
})

describe.skipIf(skip)('passkeys in Chromium', () => {
  pageScenarios(sqliteBackend)
  describe.skipIf(!postgres)('postgres', () => pageScenarios(postgresBackend))
})
