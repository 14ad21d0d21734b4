import { describe, expect, it } from 'vitest'
import { CookieJar } from './cookie-jar.js'

/** How a request reaches the app under test. */
export type AppFetch = (url: string, init: RequestInit) => Promise<Response>

/** A framework wrapper serving Gatehouse with the `alice` / `wonderland` credentials provider (`baseConfig`). */
export interface NegativeSuiteTarget {
  /** The app's origin, read inside the tests (servers start in `beforeAll`). */
  origin: string
  /**
   * How requests reach the app: by default the global `fetch`, over HTTP to a listening server; an in-process target
   * (Next.js route handlers and middleware, SvelteKit's `handle`) gives a function that answers a URL and its init
   * as the framework would. Redirects are never followed either way.
   */
  fetch?: AppFetch
  /** Where the endpoints are mounted; default `/auth`. */
  basePath?: string
  /** An app route only a signed-in user gets (the framework's own guard: `requireSession`, `verifyAuth`, …). */
  protectedPath: string
  /** Request options for it, e.g. `Accept: text/html` to get a page. */
  protectedInit?: RequestInit
  /** What the guard answers without a valid session (401, or 302/303 to sign-in). */
  refusedStatus: number
  /** The session cookie's name; default `authjs.session-token`. */
  sessionCookie?: string
}

/**
 * The negative cases every framework wrapper must pass on its own, one `it` each: a missing CSRF token, a
 * tampered session cookie, an off-origin `callbackUrl`, a provider id that does not exist. Run for Express and Hono
 * over HTTP, and for Next.js and SvelteKit in process (`fetch`). Call it at the top level of a test file with a
 * getter, so the target's `origin` can be set in `beforeAll`.
 *
 * @example
 * ```ts
 * frameworkNegativeSuite('gatehouse-auth/hono', () => ({ origin, protectedPath: '/api/me', refusedStatus: 401 }))
 * ```
 */
export function frameworkNegativeSuite(name: string, target: () => NegativeSuiteTarget): void {
  describe(`${name}: negative cases`, () => {
    const setup = () => {
      const t = target()
      return { ...t, base: t.basePath ?? '/auth', session: t.sessionCookie ?? 'authjs.session-token' }
    }

    /** A request with the jar's cookies, its answer's cookies kept, no redirect followed. */
    async function jarFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers)
      const cookie = jar.header()
      if (cookie) headers.set('cookie', cookie)
      const send = setup().fetch ?? fetch
      const response = await send(url, { ...init, headers, redirect: 'manual' })
      jar.take(response)
      return response
    }

    async function csrfToken(jar: CookieJar, origin: string, base: string): Promise<string> {
      const res = await jarFetch(jar, `${origin}${base}/csrf`)
      return ((await res.json()) as { csrfToken: string }).csrfToken
    }

    async function signIn(jar: CookieJar, fields: Record<string, string>, withCsrf = true) {
      const { origin, base } = setup()
      const token = await csrfToken(jar, origin, base)
      return jarFetch(jar, `${origin}${base}/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(withCsrf ? { csrfToken: token, ...fields } : fields).toString(),
      })
    }

    it('a missing CSRF token is refused: no session', async () => {
      const { session } = setup()
      const jar = new CookieJar()
      const res = await signIn(jar, { username: 'alice', password: 'wonderland' }, false)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toContain('error=MissingCSRF')
      expect(jar.get(session)).toBeUndefined()
    })

    it('a tampered session cookie is refused by the guard and cleared', async () => {
      const { origin, session, protectedPath, protectedInit, refusedStatus } = setup()
      const jar = new CookieJar()
      await signIn(jar, { username: 'alice', password: 'wonderland' })
      const value = jar.values.get(session)
      expect(value).toBeTruthy()
      // The guard lets the untampered cookie through: the refusal below is the tampering's doing.
      expect((await jarFetch(jar, `${origin}${protectedPath}`, protectedInit)).status).toBe(200)
      jar.values.set(session, `${value!.slice(0, -4)}${value!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`)
      const res = await jarFetch(jar, `${origin}${protectedPath}`, protectedInit)
      expect(res.status).toBe(refusedStatus)
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${session}=;`))).toBe(true)
    })

    it('an off-origin callbackUrl is not followed', async () => {
      const { origin, session } = setup()
      const jar = new CookieJar()
      const res = await signIn(jar, {
        username: 'alice',
        password: 'wonderland',
        callbackUrl: 'https://evil.example/steal',
      })
      expect(res.status).toBe(302)
      expect(jar.get(session)).toBeTruthy()
      expect(res.headers.get('location')).toBe(origin)
    })

    it('an unknown provider id is refused without a session or a crash', async () => {
      const { origin, base, session } = setup()
      const jar = new CookieJar()
      const token = await csrfToken(jar, origin, base)
      const res = await jarFetch(jar, `${origin}${base}/signin/no-such-provider`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: token }).toString(),
      })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${origin}${base}/error?error=Configuration&code=bad_request`)
      expect(jar.get(session)).toBeUndefined()
    })
  })
}
