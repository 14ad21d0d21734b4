/**
 * Chromium against examples/next, built with `next build` and started with `next start` inside the suite (a
 * failed build fails the suite): the built-in page, the server-action form, client signIn / update / signOut, the
 * proxy with `authorized`, OIDC through the Demo IdP, and the database session row.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  buildNextExample,
  startNextExample,
  type RunningNextExample,
} from '../../examples/next/start-example.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { expectExampleLooksFinished } from '../support/example-look.js'

const skip = skipWithoutChromium('the Next.js example in Chromium')

describe.skipIf(skip)('examples/next in Chromium', () => {
  let example: RunningNextExample
  let browser: Browser
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-next-'))
    await buildNextExample()
    ;[example, browser] = await Promise.all([
      startNextExample({ host: 'localhost', dataDir, log: () => {} }),
      launchChromium(),
    ])
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await example?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: example.url })
    context.setDefaultTimeout(10_000)
    return context.newPage()
  }
  const sessionRows = () => {
    const db = new Database(example.databasePath, { readonly: true })
    try {
      return (db.prepare('select count(*) as n from sessions').get() as { n: number }).n
    } finally {
      db.close()
    }
  }

  test('the protected page redirects to sign-in; the built-in page signs in; the row is created, then deleted', async () => {
    const page = await newPage()
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/api/auth/signin')
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(`${example.url}/dashboard`)
    const before = sessionRows()
    await page.getByLabel('Email', { exact: true }).fill('alice@example.com')
    await page.getByLabel('Password', { exact: true }).fill('rabbit-hole-42')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('alice@example.com')
    expect(sessionRows()).toBe(before + 1)
    // The dashboard, where a signed-in person is, has its own sign-out.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.waitForFunction(() => document.querySelector('#who')?.textContent === 'Not signed in')
    expect(sessionRows()).toBe(before)
    await page.context().close()
  })

  test('styled with the shared style sheet, with a favicon', async () => {
    const page = await newPage()
    await expectExampleLooksFinished(page)
    await page.context().close()
  })

  test('the server-action form signs in (and shows the code of a wrong password)', async () => {
    const page = await newPage()
    await page.goto('/')
    await page.getByLabel('Email').fill('bob@example.com')
    await page.getByLabel('Password', { exact: true }).fill('wrong')
    await page.getByRole('button', { name: 'Sign in (server action)' }).click()
    // (Next's route announcer is a role=alert too.)
    await page.locator('main p[role=alert]').waitFor()
    expect(await page.locator('main p[role=alert]').textContent()).toContain('credentials')
    await page.getByLabel('Email').fill('bob@example.com')
    await page.getByLabel('Password', { exact: true }).fill('can-we-fix-it-7')
    await page.getByRole('button', { name: 'Sign in (server action)' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('bob@example.com')
    await page.context().close()
  })

  test('client: signIn with redirect false, update() reaches the server with trigger update, sign-out in another tab', async () => {
    const page = await newPage()
    await page.goto('/client')
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'unauthenticated')
    await page.getByRole('button', { name: 'Sign in as Bob (client)' }).click()
    await page.waitForFunction(() => document.querySelector('#name')?.textContent === 'Bob Builder')
    await page.getByRole('button', { name: 'Add ! to my name' }).click()
    await page.waitForFunction(() => document.querySelector('#name')?.textContent === 'Bob Builder!')
    const other = await page.context().newPage()
    await other.goto('/client')
    await other.waitForFunction(() => document.querySelector('#status')?.textContent === 'authenticated')
    await page.getByRole('button', { name: 'Sign out (client)' }).click()
    await other.waitForFunction(() => document.querySelector('#status')?.textContent === 'unauthenticated')
    await page.context().close()
  })

  test('OIDC sign-in through the Demo IdP', async () => {
    const page = await newPage()
    await page.goto('/api/auth/signin?callbackUrl=/dashboard')
    await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click()
    await page.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()
    await page.getByRole('button', { name: 'Allow' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(await page.locator('#user').textContent()).toBe('ada@idp.example')
    await page.context().close()
  })

  test('AUTH_URL given at start time, not at build time, names the public origin in the proxy and the pages', async () => {
    // Listening on 127.0.0.1 behind a "proxy" whose public name is localhost: the build above knew neither.
    const behindProxy = await startNextExample({
      host: '127.0.0.1',
      publicHost: 'localhost',
      dataDir,
      log: () => {},
    })
    try {
      const port = new URL(behindProxy.url).port
      const protectedPage = await fetch(`${behindProxy.url}/dashboard`, { redirect: 'manual' })
      const location = new URL(protectedPage.headers.get('location')!, `http://localhost:${port}`)
      expect(location.pathname).toBe('/api/auth/signin')
      expect(location.searchParams.get('callbackUrl')).toBe(`http://localhost:${port}/dashboard`)
      const signInPage = await (await fetch(`${behindProxy.url}/api/auth/signin`)).text()
      expect(signInPage).toContain(`action="http://localhost:${port}/api/auth/callback/credentials"`)
      expect(signInPage).not.toContain('127.0.0.1')
    } finally {
      await behindProxy.close()
    }
  })
})
