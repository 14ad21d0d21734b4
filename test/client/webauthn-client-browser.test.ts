/**
 * `gatehouse-auth/webauthn` in Chromium with a virtual authenticator, driven from a plain page (no built-in page): the
 * requests of next-auth/webauthn (`GET /providers`, `GET /webauthn-options/{id}?…`, `GET /csrf`, a form POST to
 * `/callback/{id}`), registration of a new user, sign-in with a discoverable passkey, a second passkey while signed
 * in, and a refused options request answered as `{ ok: false }`.
 */
import type { Browser, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sqliteBackend } from '../database/flow-backends.js'
import { launchChromium, skipWithoutChromium } from '../support/chromium.js'
import { startWebAuthnBrowserApp, type WebAuthnBrowserApp } from '../webauthn/webauthn-browser-app.js'

const skip = skipWithoutChromium('the gatehouse-auth/webauthn browser tests')

type Lib = Record<string, (...args: unknown[]) => Promise<unknown>>

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

describe.skipIf(skip)('gatehouse-auth/webauthn in Chromium', () => {
  let app: WebAuthnBrowserApp
  let browser: Browser
  let teardown: (() => unknown) | undefined
  let adapter: Awaited<ReturnType<typeof sqliteBackend.setup>>['adapter']

  beforeAll(async () => {
    const setup = await sqliteBackend.setup()
    adapter = setup.adapter
    teardown = setup.teardown
    ;[app, browser] = await Promise.all([startWebAuthnBrowserApp(adapter), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
    await teardown?.()
  })

  const call = (page: Page, fn: string, ...args: unknown[]) =>
    page.evaluate(([f, a]) => (window as unknown as { lib: Lib }).lib[f]!(...a), [fn, args] as const)

  async function email(page: Page): Promise<string | null> {
    const session = (await call(page, 'getSession')) as { user?: { email?: string } } | null
    return session?.user?.email ?? null
  }

  /** Runs `fn` and returns what it resolved to and the requests it made. */
  async function step(run: () => Promise<unknown>): Promise<{ result: unknown; requests: string[] }> {
    app.requests.length = 0
    const result = await run()
    await new Promise((r) => setTimeout(r, 100))
    return { result, requests: [...app.requests] }
  }

  test('register, sign out, sign in, add a passkey, and a refused request', async () => {
    const context = await browser.newContext({ baseURL: app.origin })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const first = await addAuthenticator(page)
    await page.goto('/client')
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ready')
    expect(await call(page, 'browserSupportsWebAuthn')).toBe(true)

    const home = `${app.origin}/`
    const registered = await step(() =>
      call(page, 'signIn', 'passkey', {
        action: 'register',
        email: 'client@example.com',
        redirect: false,
        redirectTo: home,
      }),
    )
    expect(registered.result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: home })
    expect(registered.requests).toEqual([
      'GET /auth/providers',
      'GET /auth/webauthn-options/passkey?action=register&email=client%40example.com',
      'GET /auth/csrf',
      'POST /auth/callback/passkey? [action,callbackUrl,csrfToken,data,email] X-Auth-Return-Redirect',
    ])
    expect(await email(page)).toBe('client@example.com')

    await call(page, 'signOut', { redirect: false })
    expect(await email(page)).toBeNull()

    // No action and no address: a discoverable credential.
    const signedIn = await step(() => call(page, 'signIn', 'passkey', { redirect: false, redirectTo: home }))
    expect(signedIn.result).toMatchObject({ ok: true, url: home })
    expect(signedIn.requests[1]).toBe('GET /auth/webauthn-options/passkey?')
    expect(await email(page)).toBe('client@example.com')

    // A second passkey while signed in, on another authenticator.
    await first.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first.id })
    const second = await addAuthenticator(page)
    const added = await step(() => call(page, 'signIn', 'passkey', { action: 'register', redirect: false }))
    expect(added.result).toMatchObject({ ok: true })
    expect(
      (await second.cdp.send('WebAuthn.getCredentials', { authenticatorId: second.id })).credentials,
    ).toHaveLength(1)
    const user = await adapter.getUserByEmail!('client@example.com')
    const withAuthenticators = adapter as unknown as {
      listAuthenticatorsByUserId(id: string): Promise<unknown[]>
    }
    expect(await withAuthenticators.listAuthenticatorsByUserId(user!.id)).toHaveLength(2)

    // Signed out, a registration for nobody: the options are refused, and no ceremony runs.
    await call(page, 'signOut', { redirect: false })
    const refused = await step(() => call(page, 'signIn', 'passkey', { action: 'register', redirect: false }))
    expect(refused.result).toEqual({
      ok: false,
      status: 400,
      url: null,
      error: 'EmailRequired',
      code: 'Invalid request',
    })
    expect(refused.requests).toEqual([
      'GET /auth/providers',
      'GET /auth/webauthn-options/passkey?action=register',
    ])

    // Each failure is its own result: an address that has an account, and a closed prompt (a failed user
    // verification, which the browser reports as NotAllowedError, like a person closing the prompt).
    const exists = await call(page, 'signIn', 'passkey', {
      action: 'register',
      email: 'client@example.com',
      redirect: false,
    })
    expect(exists).toEqual({
      ok: false,
      status: 400,
      url: null,
      error: 'AccountExists',
      code: 'Invalid request',
    })
    await second.cdp.send('WebAuthn.setUserVerified', { authenticatorId: second.id, isUserVerified: false })
    const cancelled = await call(page, 'signIn', 'passkey', { redirect: false })
    expect(cancelled).toEqual({
      ok: false,
      status: 0,
      url: null,
      error: 'PasskeyCancelled',
      code: 'NotAllowedError',
    })
    // Without `redirect: false` the failure is thrown, with the message a page can show as it is.
    const thrown = await page.evaluate(() =>
      (window as unknown as { lib: { signIn: (id: string, o: object) => Promise<unknown> } }).lib
        .signIn('passkey', { action: 'register', email: 'client@example.com' })
        .then(
          () => null,
          (error: Error & { failure?: string }) => ({
            name: error.name,
            failure: error.failure,
            message: error.message,
          }),
        ),
    )
    expect(thrown).toEqual({
      name: 'PasskeyError',
      failure: 'AccountExists',
      message: expect.stringMatching(/already has an account\. Sign in to it first/),
    })
    await second.cdp.send('WebAuthn.setUserVerified', { authenticatorId: second.id, isUserVerified: true })

    // With the default redirect, the browser goes where the callback answers.
    await call(page, 'signIn', 'passkey', { redirectTo: home }).catch(() => undefined)
    await page.waitForURL(home)
    expect(await page.locator('#home').textContent()).toBe('Home')
    expect(await (await page.request.get('/auth/session')).json()).toMatchObject({
      user: { email: 'client@example.com' },
    })
    await context.close()
  }, 60_000)
})
