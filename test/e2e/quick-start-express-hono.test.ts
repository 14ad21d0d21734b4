/**
 * The Express and Hono quick starts (docs/frameworks/express.md, docs/frameworks/hono.md), followed as written: a
 * new Node project (`npm init -y`, `npm pkg set type=module`), Gatehouse from the packed tarball, the page's
 * `server.ts` from its code block, and the page's own shell lines to make the secret and start the server
 * (`npx tsx --env-file=.env server.ts`); then Chromium signs in with credentials through the built-in page and
 * signs out. One browser for both.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import {
  createQuickStartApp,
  freePort,
  quickStartBlocks,
  waitForOutput,
  writeNamedBlocks,
  type QuickStartApp,
} from '../support/quick-start-app.js'

const skip = skipWithoutChromium('the Express and Hono quick starts in Chromium')

const frameworks = [
  { name: 'Express', page: 'docs/frameworks/express.md', install: 'npm install gatehouse-auth express' },
  {
    name: 'Hono',
    page: 'docs/frameworks/hono.md',
    install: 'npm install gatehouse-auth hono @hono/node-server',
  },
]

describe.skipIf(skip)('the Express and Hono quick starts, run and signed in', () => {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  describe.each(frameworks)('$name ($page)', ({ page: docsPage, install }) => {
    let app: QuickStartApp | undefined
    let origin = ''
    let output = ''

    beforeAll(async () => {
      const blocks = quickStartBlocks(docsPage)
      const [installBlock, runBlock] = blocks.filter((b) => b.lang === 'sh')
      // The install lines: Gatehouse comes from the tarball, the rest from this repository's node_modules.
      expect(installBlock!.code.split('\n')[0]).toBe(install)
      app = await createQuickStartApp(docsPage.replace(/.*\/(\w+)\.md$/, '$1'), ['tsx'])
      await app.shell('npm init -y >/dev/null && npm pkg set type=module')
      const files = await writeNamedBlocks(app, blocks)
      expect(files).toEqual(['server.ts'])
      // The page's last step, line by line: make the secret, then start the server (on this run's port).
      const [secretLine, serverLine, ...rest] = runBlock!.code.trim().split('\n')
      expect(rest).toEqual([])
      expect(serverLine).toBe('npx tsx --env-file=.env server.ts')
      await app.shell(secretLine!)
      const port = await freePort()
      origin = `http://127.0.0.1:${port}`
      const server = app.start(serverLine!, { PORT: String(port) }, (text) => (output += text))
      await waitForOutput(
        'the quick-start server',
        server,
        new RegExp(`Open http://localhost:${port}/dashboard`),
        () => output,
      )
    }, 120_000)

    afterAll(async () => {
      await app?.remove()
    })

    async function newPage(): Promise<Page> {
      const context = await browser!.newContext({ baseURL: origin })
      context.setDefaultTimeout(10_000)
      return context.newPage()
    }

    test('/dashboard sends a signed-out visitor to sign in; the demo user signs in and comes back; sign-out ends it', async () => {
      const page = await newPage()
      await page.goto('/')
      expect(await page.locator('body').textContent()).toBe('Not signed in: open /dashboard')
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.getByLabel('Email').fill('ada@example.com')
      await page.getByLabel('Password').fill('correct horse battery staple')
      await page.getByRole('button', { name: /^sign in/i }).click()
      await page.waitForURL((url) => url.pathname === '/dashboard')
      expect(await page.locator('body').textContent()).toBe('Hello Ada. Sign out at /auth/signout')
      await page.goto('/')
      expect(await page.locator('body').textContent()).toBe('Signed in as ada@example.com')

      await page.goto('/auth/signout')
      await page.getByRole('button', { name: /sign out/i }).click()
      // Back to where the session began (the callback URL of the sign-in), which now asks to sign in again.
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.goto('/')
      expect(await page.locator('body').textContent()).toBe('Not signed in: open /dashboard')
      await page.context().close()
    })

    test('a wrong password does not sign in', async () => {
      const page = await newPage()
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.getByLabel('Email').fill('ada@example.com')
      await page.getByLabel('Password').fill('not the password')
      await page.getByRole('button', { name: /^sign in/i }).click()
      await page.waitForURL((url) => url.searchParams.get('error') === 'CredentialsSignin')
      await page.goto('/dashboard')
      await page.waitForURL((url) => url.pathname === '/auth/signin')
      await page.context().close()
    })
  })
})
