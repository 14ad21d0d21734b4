import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * What every example must look like to a newcomer: the shared style sheet applied (system fonts, not the browser's
 * default Times), and a `/favicon.ico`, which browsers ask every origin for, so none logs a 404.
 */
export async function expectExampleLooksFinished(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui/)
  const icon = await page.request.get('/favicon.ico')
  expect(icon.status()).toBe(200)
  // (SvelteKit's static files go out without a type for .ico; browsers take the icon either way.)
  expect(icon.headers()['content-type'] ?? '').toMatch(/^(image\/x-icon|image\/vnd\.microsoft\.icon)?$/)
  // An ICO file: reserved 0, type 1 (icon).
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0])
}
