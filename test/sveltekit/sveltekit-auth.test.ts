/**
 * gatehouse-auth/sveltekit called as kit calls it (test/sveltekit/kit-app.ts: kit's cookie jar and control flow): the
 * handle hook, `locals.auth()`, the signIn / signOut form actions, and each security check on its own.
 */
import type { RequestEvent } from '@sveltejs/kit'
import { describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { encode } from '../../src/jwt/index.js'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar } from '../support/cookie-jar.js'
import { ALICE, aliceCredentials, baseConfig, SECRET, SESSION } from '../http/http-helpers.js'
import { formAction, kitRequest, type Route } from './kit-app.js'

const ORIGIN = 'http://app.test'

const plainOAuth: OAuthConfig = {
  id: 'plain',
  name: 'Plain',
  type: 'oauth',
  clientId: 'client',
  clientSecret: 'secret',
  // Never contacted: sign-in only builds the authorization URL.
  authorization: 'http://127.0.0.1:9/authorize',
  token: 'http://127.0.0.1:9/token',
  userinfo: 'http://127.0.0.1:9/userinfo',
  checks: ['pkce', 'state'],
}

/** A kit app: `/me` answers `locals.auth()`, `POST /login` and `POST /logout` are the form actions. */
function app(input: Parameters<typeof SvelteKitAuth>[0]) {
  const { handle, signIn, signOut } = SvelteKitAuth(input)
  const routes: Record<string, Route> = {
    'GET /me': async (event) =>
      Response.json({ session: await (event.locals as SvelteKitAuthLocals).auth() }),
    'POST /login': formAction(signIn),
    'POST /logout': formAction(signOut),
  }
  const jar = new CookieJar()
  async function send(path: string, init: RequestInit = {}, platform?: unknown) {
    const headers = new Headers(init.headers)
    if (jar.header()) headers.set('cookie', jar.header())
    headers.set('host', new URL(ORIGIN).host)
    const exchange = await kitRequest(
      handle,
      routes,
      new Request(`${ORIGIN}${path}`, { ...init, headers }),
      platform,
    )
    jar.take(exchange.response)
    return exchange
  }
  async function csrf(): Promise<string> {
    const { response } = await send('/auth/csrf')
    return ((await response.json()) as { csrfToken: string }).csrfToken
  }
  const post = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields),
    })
  const postForm = (path: string, fields: Record<string, string>) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.set(k, v)
    return send(path, { method: 'POST', headers: { origin: ORIGIN }, body })
  }
  async function me(): Promise<unknown> {
    const { response } = await send('/me')
    return ((await response.json()) as { session: unknown }).session
  }
  return { jar, send, csrf, post, postForm, me }
}

const config = (extra: Partial<AuthConfig> = {}) =>
  baseConfig({ providers: [aliceCredentials(), plainOAuth], ...extra })

describe('handle', () => {
  it('answers the endpoints under /auth and passes everything else to resolve', async () => {
    const a = app(config())
    const providers = await a.send('/auth/providers')
    expect(providers.resolved).toBe(false)
    expect(Object.keys((await providers.response.json()) as object)).toEqual(['credentials', 'plain'])
    const page = await a.send('/me')
    expect(page.resolved).toBe(true)
    expect(await page.response.json()).toEqual({ session: null })
    // Not an action of ours, or not under basePath: the app's own routes.
    for (const path of ['/auth/nothing', '/authx/session', '/auth'])
      expect((await a.send(path)).resolved, path).toBe(true)
  })

  it('sets locals.auth and its alias getSession on every request', async () => {
    const a = app(config())
    const { event } = await a.send('/me')
    const locals = event.locals as SvelteKitAuthLocals
    expect(typeof locals.auth).toBe('function')
    expect(locals.getSession).toBe(locals.auth)
  })

  it('signs in with credentials through the endpoints; every Set-Cookie of the answer arrives', async () => {
    const a = app(config())
    const token = await a.csrf()
    const { response } = await a.post('/auth/callback/credentials', {
      csrfToken: token,
      username: 'alice',
      password: 'wonderland',
      callbackUrl: '/me',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/me`)
    const names = response.headers.getSetCookie().map((c) => c.split('=')[0])
    expect(names).toContain(SESSION)
    expect(names).toContain('authjs.callback-url')
    expect(await a.me()).toMatchObject({ user: { name: ALICE.name, email: ALICE.email } })
  })

  it('the answer of the endpoints reaches the browser as the core gave it: several cookies, deletions, headers', async () => {
    const cfg = config()
    const a = app(cfg)
    await a.post('/auth/callback/credentials', {
      csrfToken: await a.csrf(),
      username: 'alice',
      password: 'wonderland',
    })
    const body = new URLSearchParams({ csrfToken: await a.csrf(), callbackUrl: '/bye' })
    const init = () => ({
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: a.jar.header(),
        host: new URL(ORIGIN).host,
      },
      body,
    })
    // The same request straight to the core (JWT sign-out is stateless, so it can be sent twice).
    const direct = await createAuth(cfg).handlers.POST(new Request(`${ORIGIN}/auth/signout`, init()))
    const { response } = await a.send('/auth/signout', init())
    expect(response.status).toBe(direct.status)
    expect(response.headers.get('location')).toBe(direct.headers.get('location'))
    expect(response.headers.getSetCookie()).toEqual(direct.headers.getSetCookie())
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=;`))).toBe(true)
    expect(a.jar.get(SESSION)).toBeUndefined()
  })

  it('a basePath (paths.base) is honoured', async () => {
    const a = app(config({ basePath: '/base/auth' }))
    expect((await a.send('/base/auth/session')).resolved).toBe(false)
    expect((await a.send('/auth/session')).resolved).toBe(true)
  })

  it('the built-in pages say Referrer-Policy same-origin (kit refuses form posts with Origin null)', async () => {
    const a = app(config())
    const { response } = await a.send('/auth/signin')
    expect(response.status).toBe(200)
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
    expect(response.headers.getSetCookie().some((c) => c.startsWith('authjs.csrf-token='))).toBe(true)
  })

  it('reads AUTH_SECRET from event.platform.env when the platform has one', async () => {
    const a = app(() => ({ providers: [aliceCredentials()], trustHost: true }))
    const platform = { env: { AUTH_SECRET: SECRET } }
    const { response } = await a.send('/auth/csrf', {}, platform)
    expect(response.status).toBe(200)
    const token = ((await response.json()) as { csrfToken: string }).csrfToken
    const signIn = await a.send(
      '/auth/callback/credentials',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: token, username: 'alice', password: 'wonderland' }),
      },
      platform,
    )
    expect(signIn.response.status).toBe(302)
    expect(a.jar.get(SESSION)).toBeTruthy()
    // The cookie was sealed with the platform's secret: the suite's secret reads it.
    const me = await a.send('/me', {}, platform)
    expect(((await me.response.json()) as { session: unknown }).session).toMatchObject({
      user: { email: ALICE.email },
    })
  })
})

describe('locals.auth()', () => {
  async function signedIn() {
    const a = app(config())
    await a.post('/auth/callback/credentials', {
      csrfToken: await a.csrf(),
      username: 'alice',
      password: 'wonderland',
    })
    return a
  }

  it('a valid cookie gives the session', async () => {
    const a = await signedIn()
    expect(await a.me()).toMatchObject({ user: { email: ALICE.email }, expires: expect.any(String) })
  })

  it('an expired cookie gives null', async () => {
    const a = app(config())
    const token = await encode({
      token: { name: ALICE.name, email: ALICE.email, sub: ALICE.id },
      secret: SECRET,
      salt: SESSION,
      maxAge: -3600,
    })
    a.jar.values.set(SESSION, token)
    expect(await a.me()).toBeNull()
  })

  it('a config callback that throws gives null (fails closed), and the page still renders', async () => {
    const a = app(() => {
      throw new Error('config broken')
    })
    const { response, resolved } = await a.send('/me')
    expect(resolved).toBe(true)
    expect(await response.json()).toEqual({ session: null })
  })

  it('with a broken configuration the endpoints answer the configuration error, without a stack', async () => {
    const a = app(() => {
      throw new Error('config broken at /secret/path.ts:12')
    })
    const { response } = await a.send('/auth/session')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).toContain('problem with the server configuration')
    expect(text).not.toContain('/secret/path.ts')
  })
})

describe('locals.auth() after the response started', () => {
  it('a cookie kit refuses to set does not cost the session', async () => {
    const cfg = config({ session: { strategy: 'jwt', updateAge: 0 } })
    const a = app(cfg)
    await a.postForm('/login', { providerId: 'credentials', username: 'alice', password: 'wonderland' })
    const { handle } = SvelteKitAuth(cfg)
    const refused: string[] = []
    const event = {
      request: new Request(`${ORIGIN}/late`, { headers: { cookie: a.jar.header(), host: 'app.test' } }),
      url: new URL(`${ORIGIN}/late`),
      locals: {},
      platform: undefined,
      cookies: {
        set: (name: string) => {
          refused.push(name)
          throw new Error('Cannot use `cookies.set(...)` after the response has been generated')
        },
      },
    } as unknown as RequestEvent
    await handle({ event, resolve: () => Promise.resolve(new Response('page')) })
    const session = await (event.locals as SvelteKitAuthLocals).auth()
    expect(session).toMatchObject({ user: { email: ALICE.email } })
    // updateAge 0: the core re-issued the cookie, kit refused it, the session stands.
    expect(refused).toContain(SESSION)
  })
})

describe('signIn / signOut form actions', () => {
  it('credentials from FormData: cookies through event.cookies, then redirect() to redirectTo', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', {
      providerId: 'credentials',
      redirectTo: '/dashboard',
      username: 'alice',
      password: 'wonderland',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/dashboard`)
    const session = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!
    // Kit serialized it with the core's attributes, the value untouched.
    expect(session).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/)
    // Values are encoded as the core encodes them (kit's default encoder is the same).
    expect(response.headers.getSetCookie()).toContain(
      `authjs.callback-url=${encodeURIComponent(`${ORIGIN}/dashboard`)}; Path=/; HttpOnly; SameSite=Lax`,
    )
    expect(await a.me()).toMatchObject({ user: { email: ALICE.email } })
  })

  it('redirect=false returns { url } instead of redirecting', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', {
      providerId: 'credentials',
      redirectTo: '/after',
      redirect: 'false',
      username: 'alice',
      password: 'wonderland',
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ type: 'success', data: { url: `${ORIGIN}/after` } })
    expect(a.jar.get(SESSION)).toBeTruthy()
  })

  it('signOut with redirect=false returns { url } and still clears the cookie', async () => {
    const a = app(config())
    await a.postForm('/login', { providerId: 'credentials', username: 'alice', password: 'wonderland' })
    const { response } = await a.postForm('/logout', { redirectTo: '/bye', redirect: 'false' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ type: 'success', data: { url: `${ORIGIN}/bye` } })
    expect(a.jar.get(SESSION)).toBeUndefined()
  })

  it('a wrong password is fail(401, { error, code }), not a 500, and sets no session', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', {
      providerId: 'credentials',
      username: 'alice',
      password: 'nope',
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      type: 'failure',
      data: { error: 'CredentialsSignin', code: 'credentials' },
    })
    expect(a.jar.get(SESSION)).toBeUndefined()
  })

  it('OAuth: authorizationParams-* reach the authorization URL; the check cookies (several) are set', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', {
      providerId: 'plain',
      redirectTo: '/dashboard',
      'authorizationParams-prompt': 'login',
      'authorizationParams-login_hint': 'alice@example.test',
    })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/authorize')
    expect(location.searchParams.get('prompt')).toBe('login')
    expect(location.searchParams.get('login_hint')).toBe('alice@example.test')
    expect(location.searchParams.has('authorizationParams-prompt')).toBe(false)
    const names = response.headers.getSetCookie().map((c) => c.split('=')[0])
    expect(names).toEqual(expect.arrayContaining(['authjs.pkce.code_verifier', 'authjs.state']))
    const pkce = response.headers.getSetCookie().find((c) => c.startsWith('authjs.pkce.code_verifier='))!
    expect(pkce).toContain('Max-Age=900')
  })

  it('no providerId goes to the sign-in page', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', { redirectTo: '/x' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fx`)
  })

  it('signOut clears the session cookie (a deletion through event.cookies) and redirects', async () => {
    const a = app(config())
    await a.postForm('/login', { providerId: 'credentials', username: 'alice', password: 'wonderland' })
    expect(a.jar.get(SESSION)).toBeTruthy()
    const { response } = await a.postForm('/logout', { redirectTo: '/bye' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/bye`)
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))!
    expect(cleared).toMatch(/^authjs\.session-token=; /)
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    expect(a.jar.get(SESSION)).toBeUndefined()
    expect(await a.me()).toBeNull()
  })

  it('a config callback that throws is kit error(500) with a message, never a stack', async () => {
    const a = app(() => {
      throw new Error('config broken at /secret/path.ts:12')
    })
    const { response } = await a.postForm('/login', { providerId: 'credentials' })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).toContain('problem with the server configuration')
    expect(text).not.toContain('/secret/path.ts')
  })
})

describe('security checks, each on its own', () => {
  it('a missing CSRF token is refused by the endpoints: no session', async () => {
    const a = app(config())
    await a.csrf()
    const { response } = await a.post('/auth/callback/credentials', {
      username: 'alice',
      password: 'wonderland',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toContain('error=MissingCSRF')
    expect(a.jar.get(SESSION)).toBeUndefined()
  })

  it('a tampered session cookie gives null from locals.auth() and is cleared through event.cookies', async () => {
    const a = app(config())
    await a.postForm('/login', { providerId: 'credentials', username: 'alice', password: 'wonderland' })
    const value = a.jar.values.get(SESSION)!
    a.jar.values.set(SESSION, `${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`)
    const { response } = await a.send('/me')
    expect(((await response.json()) as { session: unknown }).session).toBeNull()
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=;`))).toBe(true)
  })

  it("the cookies written through event.cookies are the core's Set-Cookie lines, byte for byte", async () => {
    const cfg = config()
    const a = app(cfg)
    await a.postForm('/login', { providerId: 'credentials', username: 'alice', password: 'wonderland' })
    const value = a.jar.values.get(SESSION)!
    a.jar.values.set(SESSION, `${value.slice(0, -4)}${value.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`)
    const cookie = a.jar.header()
    const { response } = await a.send('/me')
    const direct = await createAuth(cfg).getSession(
      new Request(`${ORIGIN}/auth/session`, { headers: { cookie } }),
    )
    expect(direct.setCookie.length).toBeGreaterThan(0)
    expect(response.headers.getSetCookie()).toEqual(direct.setCookie)
  })

  it('an off-origin callbackUrl is not followed by the endpoints', async () => {
    const a = app(config())
    const { response } = await a.post('/auth/callback/credentials', {
      csrfToken: await a.csrf(),
      username: 'alice',
      password: 'wonderland',
      callbackUrl: 'https://evil.example/steal',
    })
    expect(response.status).toBe(302)
    expect(a.jar.get(SESSION)).toBeTruthy()
    expect(response.headers.get('location')).toBe(ORIGIN)
  })

  it('an off-origin redirectTo of a form action is not followed', async () => {
    const a = app(config())
    const { response } = await a.postForm('/login', {
      providerId: 'credentials',
      redirectTo: 'https://evil.example/steal',
      username: 'alice',
      password: 'wonderland',
    })
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get('location')!).origin).toBe(ORIGIN)
    // Without a provider the target goes to the sign-in page as its callbackUrl: dropped here already.
    const page = await a.postForm('/login', { redirectTo: 'https://evil.example/steal' })
    expect(page.response.headers.get('location')).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2F`)
  })

  it('a provider id that does not exist: the endpoints refuse it, the form action goes to the sign-in page', async () => {
    const a = app(config())
    const { response } = await a.post('/auth/signin/no-such-provider', { csrfToken: await a.csrf() })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Configuration&code=bad_request`)
    const action = await a.postForm('/login', { providerId: 'no-such-provider', redirectTo: '/x' })
    expect(action.response.status).toBe(302)
    expect(action.response.headers.get('location')).toBe(`${ORIGIN}/auth/signin?callbackUrl=%2Fx`)
    expect(action.response.headers.getSetCookie()).toEqual([])
    expect(a.jar.get(SESSION)).toBeUndefined()
  })
})

// The event type is kit's own; this keeps the harness honest about it.
export type { RequestEvent }
