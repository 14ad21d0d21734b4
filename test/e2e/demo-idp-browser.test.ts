import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser } from 'playwright-core'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startDemo, type RunningDemo } from '../../examples/demo/server.js'

const skip = skipWithoutChromium('the Demo IdP browser test')

describe.skipIf(skip)('Sign in with Demo IdP in Chromium', () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  let dataDir: string | undefined

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-idp-'))
    ;[demo, browser] = await Promise.all([
      startDemo({ port: 0, host: '127.0.0.1', dataDir, env: {}, log: () => {} }),
      launchChromium(),
    ])
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  test('signs in through the built-in page, the IdP login and consent, and lands signed in', async () => {
    const context = await browser!.newContext({ baseURL: demo!.url })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    try {
      await page.goto('/auth/signin?callbackUrl=/')
      await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click()
      await page.getByRole('button', { name: /Continue as Ada Lovelace/ }).click()
      await page.getByRole('button', { name: 'Allow' }).click()
      await page.waitForURL((url) => url.origin === demo!.url && url.pathname === '/')
      expect(await page.getByText('Signed in as').count()).toBe(1)
      expect(await page.locator('strong').first().textContent()).toBe('Ada Lovelace')
      const session = (await (await page.request.get('/auth/session')).json()) as {
        user?: { email?: string }
      }
      expect(session.user?.email).toBe('ada@idp.example')
    } finally {
      await context.close()
    }
  })
})
