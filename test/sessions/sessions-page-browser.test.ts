/**
 * Issue #25 in Chromium: signed in from two browsers (two contexts), both listed on the sessions page with their
 * labels; the first ends the other, which is signed out at its next request. Database sessions on one server, and
 * JWT sessions on two servers (two instances) sharing PostgreSQL, revocations checked on every request.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import type { AuthConfig } from '../../src/types.js'
import { baseConfig } from '../http/http-helpers.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { databaseAvailable, freshPostgres } from '../support/test-databases.js'

const skip = skipWithoutChromium('the sessions page in Chromium')
const postgresUp = await databaseAvailable('postgres')
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

let browser: Browser | undefined
const servers: ServedAuth[] = []
let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined

beforeAll(async () => {
  if (!skip) browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  for (const s of servers) await s.close()
  await postgres?.drop()
})

async function signIn(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage()
  await page.goto(`${origin}/auth/signin`)
  await page.fill('input[name="username"]', 'alice')
  await page.fill('input[name="password"]', 'wonderland')
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
  await page.close()
}

async function signedIn(context: BrowserContext, origin: string): Promise<boolean> {
  const page = await context.newPage()
  const res = await page.goto(`${origin}/auth/session`)
  const body = (await res!.json()) as unknown
  await page.close()
  return body !== null
}

async function endTheOther(first: BrowserContext, origin: string): Promise<void> {
  const page = await first.newPage()
  await page.goto(`${origin}/auth/account/sessions`)
  const items = page.locator('li.session')
  await expect.poll(() => items.count()).toBe(2)
  const text = await page.locator('ul.sessions').innerText()
  expect(text).toContain('Firefox on Linux')
  expect(text).toContain('Safari on macOS')
  expect(await page.locator('li.session', { hasText: 'this browser' }).innerText()).toContain(
    'Firefox on Linux',
  )
  const other = page.locator('li.session', { hasNotText: 'this browser' })
  await Promise.all([page.waitForNavigation(), other.locator('button').click()])
  expect(page.url()).toBe(`${origin}/auth/account/sessions`)
  expect(await page.locator('li.session').count()).toBe(1)
  await page.close()
}

describe.skipIf(skip)('the sessions page in Chromium', () => {
  test('database sessions: end the other browser’s session; it is signed out at its next request', async () => {
    const server = await serveAuth(baseConfig({ adapter: seeded(), session: { strategy: 'database' } }))
    servers.push(server)
    const first = await browser!.newContext({ userAgent: FIREFOX })
    const second = await browser!.newContext({ userAgent: SAFARI_MAC })
    await signIn(first, server.origin)
    await signIn(second, server.origin)
    expect(await signedIn(second, server.origin)).toBe(true)
    await endTheOther(first, server.origin)
    expect(await signedIn(second, server.origin)).toBe(false)
    expect(await signedIn(first, server.origin)).toBe(true)
    await first.close()
    await second.close()
  })

  test.skipIf(!postgresUp)(
    'JWT sessions on two instances sharing PostgreSQL: ended on one, signed out on the other at once',
    async () => {
      postgres = await freshPostgres()
      await migrate(postgres.pool)
      const instance = (): AuthConfig =>
        baseConfig({
          adapter: PostgresAdapter(postgres!.pool),
          session: { strategy: 'jwt', revocationCheckInterval: 0 },
        })
      const a = await serveAuth(instance())
      const b = await serveAuth(instance())
      servers.push(a, b)
      const first = await browser!.newContext({ userAgent: FIREFOX })
      const second = await browser!.newContext({ userAgent: SAFARI_MAC })
      await signIn(first, a.origin)
      await signIn(second, b.origin)
      expect(await signedIn(second, b.origin)).toBe(true)
      await endTheOther(first, a.origin)
      expect(await signedIn(second, b.origin)).toBe(false)
      expect(await signedIn(first, b.origin)).toBe(true)
      await first.close()
      await second.close()
    },
  )
})

/** A memory adapter with alice in it (database sessions need the user in the adapter). */
function seeded() {
  const adapter = MemoryAdapter()
  void adapter.createUser({ id: 'user-1', name: 'Alice', email: 'alice@example.test', emailVerified: null })
  return adapter
}
