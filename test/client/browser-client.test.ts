/**
 * `gatehouse-auth/react` (and through it `gatehouse-auth/client`) in Chromium against Gatehouse's handlers, and the same page on
 * next-auth/react 5.0.0-beta.32 itself: same results and the same HTTP requests, step by step, except where Gatehouse
 * fixes next-auth (a bare `update()` POSTs; a failed refetch keeps the session).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import {
  alice,
  startClientApp,
  type ClientApp,
  type ClientLib,
  type SeenRequest,
} from './client-app-server.js'

const skip = skipWithoutChromium('the browser client tests')

type PageWindow = {
  lib: Record<string, (...args: unknown[]) => Promise<unknown>>
  update: (data?: unknown) => Promise<unknown>
}

describe.skipIf(skip)('browser client in Chromium', () => {
  let app: ClientApp
  let browser: Browser

  beforeAll(async () => {
    ;[app, browser] = await Promise.all([startClientApp(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  async function open(lib: ClientLib, query = '', context?: BrowserContext): Promise<Page> {
    const ctx = context ?? (await browser.newContext({ baseURL: app.origin }))
    ctx.setDefaultTimeout(15_000)
    const page = await ctx.newPage()
    await page.goto(`/${lib}${query}`)
    await page.waitForFunction(() => document.querySelector('#status')?.textContent !== 'loading')
    return page
  }

  /** Waits until the element shows exactly `text` (the page settles asynchronously). */
  async function seeText(page: Page, selector: string, text: string): Promise<void> {
    await page
      .waitForFunction(([sel, t]) => document.querySelector(sel!)?.textContent === t, [selector, text])
      .catch(async () => {
        const shown = await page.locator(selector).textContent()
        throw new Error(`${selector} shows "${shown}", expected "${text}"`)
      })
  }
  const call = (page: Page, fn: string, ...args: unknown[]) =>
    page.evaluate(([f, a]) => (window as unknown as PageWindow).lib[f]!(...a), [fn, args] as const)
  const update = (page: Page, ...args: unknown[]) =>
    page.evaluate((a) => (window as unknown as PageWindow).update(...a), args)

  /** What a request looks like for comparison: method, path, content type, the JSON header, and the body's keys. */
  function shape(r: SeenRequest) {
    const keys = r.contentType?.includes('json')
      ? Object.keys(JSON.parse(r.body || '{}') as object)
      : [...new URLSearchParams(r.body).keys()]
    return `${r.method} ${r.path} ${r.contentType} ${r.returnRedirect} [${keys.sort().join(',')}]`
  }

  /** Runs one step and returns its result and the requests it made (after the page settled). */
  async function step<T>(run: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
    app.requests.length = 0
    const result = await run()
    await new Promise((r) => setTimeout(r, 150))
    return { result, requests: app.requests.map(shape) }
  }

  const withoutExpires = (session: unknown) => ({ ...(session as object), expires: undefined })

  async function scenario(lib: ClientLib) {
    const page = await open(lib)
    await seeText(page, '#status', 'unauthenticated')
    const providers = await step(() => call(page, 'getProviders'))
    const csrf = await step(() => call(page, 'getCsrfToken'))
    const wrong = await step(() =>
      call(page, 'signIn', 'credentials', { email: alice.email, password: 'nope', redirect: false }),
    )
    const right = await step(() =>
      call(page, 'signIn', 'credentials', {
        email: alice.email,
        password: alice.password,
        redirect: false,
        redirectTo: '/after',
      }),
    )
    await seeText(page, '#name', alice.name)
    await seeText(page, '#status', 'authenticated')
    const session = await step(() => call(page, 'getSession'))
    app.triggers.length = 0
    const updated = await step(() => update(page, { name: 'Bob' }))
    await seeText(page, '#name', 'Bob')
    const updateTriggers = [...app.triggers]
    app.triggers.length = 0
    app.updates.length = 0
    const bare = await step(() => update(page))
    const bareTriggers = [...app.triggers]
    const bareUpdates = [...app.updates]
    const out = await step(() => call(page, 'signOut', { redirect: false, redirectTo: '/bye' }))
    await seeText(page, '#status', 'unauthenticated')
    await page.context().close()
    return {
      providers,
      csrf,
      wrong,
      right,
      session,
      updated,
      updateTriggers,
      bare,
      bareTriggers,
      bareUpdates,
      out,
    }
  }

  test('gatehouse-auth/react gives next-auth/react results with the same requests; update() fires trigger update', async () => {
    const ours = await scenario('gatehouse')
    const theirs = await scenario('next-auth')

    expect(Object.keys(ours.providers.result as object)).toEqual(['credentials'])
    expect(ours.providers).toEqual(theirs.providers)
    expect(ours.csrf.result).toMatch(/^[0-9a-f]{64}$/)
    expect(ours.csrf.requests).toEqual(theirs.csrf.requests)
    // A wrong password: the `code` of CredentialsSignin, and (Gatehouse's JSON errors carry a real status) 401.
    expect(ours.wrong.result).toEqual({
      error: 'CredentialsSignin',
      code: 'credentials',
      status: 401,
      ok: false,
      url: null,
    })
    expect(ours.wrong).toEqual(theirs.wrong)
    expect(ours.right.result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${app.origin}/after`,
    })
    expect(ours.right).toEqual(theirs.right)
    expect(ours.right.requests).toEqual([
      'GET /api/auth/providers application/json null []',
      'GET /api/auth/csrf application/json null []',
      'POST /api/auth/callback/credentials? application/x-www-form-urlencoded 1 [callbackUrl,csrfToken,email,password]',
      'GET /api/auth/session application/json null []',
    ])
    expect((ours.session.result as { user: unknown }).user).toEqual({ name: alice.name, email: alice.email })
    expect(withoutExpires(ours.session.result)).toEqual(withoutExpires(theirs.session.result))
    // next-auth posts its broadcast from a second channel object, so its own tab hears it and fetches again.
    expect(ours.session.requests).toEqual(['GET /api/auth/session application/json null []'])
    expect(theirs.session.requests).toEqual([...ours.session.requests, ...ours.session.requests])
    expect((ours.updated.result as { user: { name: string } }).user.name).toBe('Bob')
    expect(withoutExpires(ours.updated.result)).toEqual(withoutExpires(theirs.updated.result))
    expect(ours.updated.requests).toEqual(theirs.updated.requests)
    expect(ours.updateTriggers).toEqual(['update'])
    expect(ours.out.result).toEqual({ url: `${app.origin}/bye` })
    expect(ours.out).toEqual(theirs.out)

    // next-auth #11002: a bare update() is a GET and never reaches the jwt callback as `update`.
    expect(theirs.bare.requests).toEqual(['GET /api/auth/session application/json null []'])
    expect(theirs.bareTriggers).not.toContain('update')
    expect(ours.bare.requests).toEqual([
      'GET /api/auth/csrf application/json null []',
      'POST /api/auth/session application/json null [csrfToken]',
    ])
    expect(ours.bareTriggers).toEqual(['update'])
    expect(ours.bareUpdates).toEqual([undefined])
    expect((ours.bare.result as { user: { name: string } }).user.name).toBe('Bob')
  })

  async function signedInPage(lib: ClientLib, query: string) {
    const page = await open(lib, query)
    await call(page, 'signIn', 'credentials', {
      email: alice.email,
      password: alice.password,
      redirect: false,
    })
    await seeText(page, '#name', alice.name)
    return page
  }

  test('a failed refetch keeps the last known session (next-auth flashes signed out)', async () => {
    const ours = await signedInPage('gatehouse', '?interval=1')
    const theirs = await signedInPage('next-auth', '?interval=1')
    app.requests.length = 0
    app.failSession = true
    try {
      await new Promise((r) => setTimeout(r, 2_300))
      expect(app.requests.filter((r) => r.path === '/api/auth/session').length).toBeGreaterThanOrEqual(2)
      await seeText(ours, '#status', 'authenticated')
      await seeText(ours, '#name', alice.name)
      await seeText(theirs, '#status', 'unauthenticated')
    } finally {
      app.failSession = false
    }
    // Once the server answers again, polling picks the session up again.
    await seeText(ours, '#status', 'authenticated')
    await ours.context().close()
    await theirs.context().close()
  })

  test('signing out in one tab signs the other tab out (BroadcastChannel)', async () => {
    const first = await signedInPage('gatehouse', '')
    const second = await open('gatehouse', '', first.context())
    await seeText(second, '#name', alice.name)
    await call(first, 'signOut', { redirect: false })
    await seeText(second, '#status', 'unauthenticated')
    await first.context().close()
  })

  test('useSession({ required: true }) sends a signed-out visitor to the sign-in page', async () => {
    const context = await browser.newContext({ baseURL: app.origin })
    const page = await context.newPage()
    await page.goto('/gatehouse?required=1')
    await page.waitForURL((url) => url.pathname === '/api/auth/signin')
    const url = new URL(page.url())
    expect(url.searchParams.get('error')).toBe('SessionRequired')
    expect(url.searchParams.get('callbackUrl')).toBe(`${app.origin}/gatehouse?required=1`)
    await context.close()
  })

  test('signIn with no provider or an unknown one goes to the sign-in page with callbackUrl', async () => {
    const page = await open('gatehouse')
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/api/auth/signin'),
      call(page, 'signIn', 'nope', { redirectTo: '/somewhere' }).catch(() => undefined),
    ])
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/somewhere')
    await page.context().close()
  })
})
