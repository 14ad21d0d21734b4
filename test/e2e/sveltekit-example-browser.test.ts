/**
 * Chromium against examples/sveltekit, built with `vite build` + adapter-node and started with `node build` inside
 * the suite (a failed build fails the suite): the protected page, the built-in sign-in page, the signIn / signOut
 * form actions (with a wrong password answered by `fail()`), the Demo IdP through a form action with
 * `authorizationParams-*` and through `gatehouse-auth/sveltekit/client`, and client sign-out.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  buildSvelteKitExample,
  startSvelteKitExample,
  type RunningSvelteKitExample,
} from '../../examples/sveltekit/start-example.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'

const skip = skipWithoutChromium('the SvelteKit example in Chromium')

describe.skipIf(skip)('examples/sveltekit in Chromium', () => {
  let example: RunningSvelteKitExample
  let browser: Browser

  beforeAll(async () => {
    await buildSvelteKitExample()
    ;[example, browser] = await Promise.all([
      startSvelteKitExample({ host: 'localhost', log: () => {} }),
      launchChromium(),
    ])
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await example?.close()
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: example.url })
    context.setDefaultTimeout(10_000)
    return context.newPage()
  }
  const who = (page: Page) => page.locator('#who').textContent()

  test('the protected page sends to the built-in sign-in page; credentials sign in; the form action signs out', async () => {
    const page = await newPage()
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/auth/signin')
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/dashboard')
    await page.getByLabel('Email', { exact: true }).fill('alice@example.com')
    await page.getByLabel('Password').fill('rabbit-hole-42')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('alice@example.com')
    await page.goto('/')
    expect(await who(page)).toBe('Signed in as Alice Liddell')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await page.waitForFunction(() => document.querySelector('#who')?.textContent === 'Not signed in')
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/auth/signin')
    await page.context().close()
  })

  test('the signIn form action: a wrong password is shown, the right one reaches the protected page', async () => {
    const page = await newPage()
    await page.goto('/')
    await page.getByLabel('Email').fill('bob@example.com')
    await page.getByLabel('Password').fill('wrong')
    await page.getByRole('button', { name: 'Sign in (form action)' }).click()
    await page.locator('p[role=alert]').waitFor()
    expect(await page.locator('p[role=alert]').textContent()).toContain('credentials')
    await page.getByLabel('Email').fill('bob@example.com')
    await page.getByLabel('Password').fill('can-we-fix-it-7')
    await page.getByRole('button', { name: 'Sign in (form action)' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('bob@example.com')
    await page.getByRole('button', { name: 'Sign out (client)' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.waitForFunction(() => document.querySelector('#who')?.textContent === 'Not signed in')
    await page.context().close()
  })

  test('the Demo IdP through the form action (authorizationParams-prompt=login reaches the IdP)', async () => {
    const page = await newPage()
    const authorizeRequests: URL[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.endsWith('/auth') && url.searchParams.has('client_id')) authorizeRequests.push(url)
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in with the Demo IdP (form action)' }).click()
    await page.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('ada@idp.example')
    expect(authorizeRequests[0]?.searchParams.get('prompt')).toBe('login')
    await page.context().close()
  })

  test('the Demo IdP through gatehouse-auth/sveltekit/client, then the built-in sign-in page', async () => {
    const page = await newPage()
    // Slow scripts, as on a busy machine: the client button must wait for hydration (it is disabled until then).
    await page.route('**/_app/immutable/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in with the Demo IdP (client)' }).click()
    await page.getByRole('button', { name: /Continue as Grace Hopper/ }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('grace@idp.example')
    await page.context().close()

    const other = await newPage()
    await other.goto('/auth/signin?callbackUrl=/dashboard')
    await other.getByRole('button', { name: 'Sign in with Demo IdP' }).click()
    await other.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()
    await other.getByRole('button', { name: 'Allow' }).click()
    await other.waitForURL((url) => url.pathname === '/dashboard')
    expect(await other.locator('#user').textContent()).toBe('ada@idp.example')
    await other.context().close()
  })

  test('kit refuses a form action posted from another origin (the form actions rely on it instead of a CSRF token)', async () => {
    const response = await fetch(`${example.url}/?/signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({
        providerId: 'credentials',
        email: 'alice@example.com',
        password: 'rabbit-hole-42',
      }),
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})
