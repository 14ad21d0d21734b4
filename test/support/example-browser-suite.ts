import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium, skipWithoutChromium } from './chromium.js'
import { expectExampleLooksFinished } from './example-look.js'

/** An example app started by the suite. */
export interface StartedExample {
  url: string
  close(): Promise<void>
}

/**
 * Chromium against a framework example (examples/express, examples/hono) started inside the suite: the protected
 * page sends a signed-out visitor to sign-in, credentials and the Demo IdP sign in and the page then shows the
 * user, and the page's sign-out button signs out (the page redirects again).
 */
export function exampleBrowserSuite(name: string, start: () => Promise<StartedExample>): void {
  const skip = skipWithoutChromium(`the ${name} example in Chromium`)

  describe.skipIf(skip)(`${name} example in Chromium`, () => {
    let example: StartedExample | undefined
    let browser: Browser | undefined

    beforeAll(async () => {
      ;[example, browser] = await Promise.all([start(), launchChromium()])
    }, 60_000)
    afterAll(async () => {
      await browser?.close()
      await example?.close()
    })

    async function newPage(): Promise<Page> {
      const context = await browser!.newContext({ baseURL: example!.url })
      context.setDefaultTimeout(10_000)
      return context.newPage()
    }

    async function signOutFromDashboard(page: Page): Promise<void> {
      await page.getByRole('button', { name: 'Sign out' }).click()
      // The built-in confirmation page, then home.
      await page.waitForURL((url) => url.pathname === '/auth/signout')
      await page.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      expect(await page.locator('#who').textContent()).toBe('Not signed in')
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
    }

    test('signed out, the protected page redirects to sign-in; credentials sign in; the page shows the user; sign out', async () => {
      const page = await newPage()
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/dashboard')
      await page.getByLabel('Email', { exact: true }).fill('alice@example.com')
      await page.getByLabel('Password', { exact: true }).fill('rabbit-hole-42')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      expect(await page.locator('#user').textContent()).toBe('alice@example.com')
      await page.goto('/')
      expect(await page.locator('#who').textContent()).toBe('Signed in as alice@example.com')
      await page.goto('/dashboard')
      await signOutFromDashboard(page)
      await page.context().close()
    })

    test('styled with the shared style sheet, with a favicon', async () => {
      const page = await newPage()
      await expectExampleLooksFinished(page)
      await page.context().close()
    })

    test('a wrong password does not sign in', async () => {
      const page = await newPage()
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.getByLabel('Email', { exact: true }).fill('alice@example.com')
      await page.getByLabel('Password', { exact: true }).fill('not-her-password')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL((url) => url.searchParams.get('error') === 'CredentialsSignin')
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.context().close()
    })

    test('OIDC sign-in through the Demo IdP, then sign out', async () => {
      const page = await newPage()
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click()
      await page.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()
      await page.getByRole('button', { name: 'Allow' }).click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      expect(await page.locator('#user').textContent()).toBe('ada@idp.example')
      await signOutFromDashboard(page)
      await page.context().close()
    })
  })
}
