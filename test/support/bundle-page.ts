/**
 * A browser-bundled script run in Chromium as a server runtime would run it: served from a loopback page, loaded
 * as a module, ready once it puts `readyGlobal` on `window`. For suites that prove code runs without `node:`
 * modules (the core, passkeys).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { launchChromium } from './chromium.js'

/** The page running the bundle; `close()` ends the browser and the server. */
export interface BundlePage {
  page: Page
  close(): Promise<void>
}

/** Serves `script` at `/bundle.js` under a page that imports it, and waits for `window[readyGlobal]`. */
export async function openBundlePage(script: string, readyGlobal: string): Promise<BundlePage> {
  const server = createServer((req, res) => {
    if (req.url === '/bundle.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<script type="module" src="/bundle.js"></script>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await launchChromium()
  const close = async () => {
    await browser.close()
    await new Promise((resolve) => server.close(resolve))
  }
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  try {
    await page.waitForFunction((name) => name in window, readyGlobal, { timeout: 10_000 })
  } catch {
    await close()
    throw new Error(`the bundle did not load: ${errors.join('; ')}`)
  }
  return { page, close }
}
