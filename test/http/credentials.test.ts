/** The credentials callback (wire-contract §4.2), the signIn callback and events, through a real server. */
import { describe, expect, it } from 'vitest'
import { CredentialsSignin, type AuthError } from '../../src/errors.js'
import {
  ALICE,
  CookieJar,
  SESSION,
  aliceCredentials,
  baseConfig,
  getSession,
  jarFetch,
  recordingLogger,
  setCookie,
  setCookies,
  signIn,
  useServer,
} from './http-helpers.js'

class LockedAccount extends CredentialsSignin {
  override code = 'locked'
}

describe('POST /callback/credentials', () => {
  const authorizeCalls: Array<{ credentials: Record<string, unknown>; url: string; type: string | null }> = []
  const logger = recordingLogger()
  const server = useServer(
    baseConfig({
      logger,
      session: { maxAge: 3600, updateAge: 600 },
      // newUser must not be used for credentials: they never make a new user.
      pages: { newUser: '/welcome' },
      providers: [
        aliceCredentials({
          authorize: (credentials, request) => {
            authorizeCalls.push({
              credentials,
              url: request.url,
              type: request.headers.get('content-type'),
            })
            if (credentials.username === 'locked') throw new LockedAccount()
            if (credentials.username === 'crash') throw new Error('database is down')
            return credentials.username === 'alice' && credentials.password === 'wonderland'
              ? { ...ALICE }
              : null
          },
        }),
      ],
    }),
  )

  it('success: 302 to the callbackUrl and a session cookie, Expires ≈ now + maxAge, HttpOnly, Lax, Path=/', async () => {
    const jar = new CookieJar()
    const before = Date.now()
    const res = await signIn(jar, server.origin, {
      username: 'alice',
      password: 'wonderland',
      callbackUrl: '/home',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/home`)
    const cookie = setCookie(res, SESSION)!
    expect(cookie.value.split('.')).toHaveLength(5)
    const expires = Date.parse(cookie.attributes.get('expires')!)
    expect(Math.abs(expires - (before + 3600_000))).toBeLessThan(5_000)
    expect(cookie.attributes.has('httponly')).toBe(true)
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax')
    expect(cookie.attributes.get('path')).toBe('/')
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alice' } })
  })

  it('authorize receives the whole parsed body and a JSON request to the callback URL', async () => {
    authorizeCalls.length = 0
    await signIn(new CookieJar(), server.origin, { username: 'alice', password: 'wonderland', extra: '1' })
    expect(authorizeCalls).toHaveLength(1)
    expect(authorizeCalls[0]!.credentials).toMatchObject({
      username: 'alice',
      password: 'wonderland',
      extra: '1',
    })
    expect(authorizeCalls[0]!.credentials.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(authorizeCalls[0]!.url).toBe(`${server.origin}/auth/callback/credentials`)
    expect(authorizeCalls[0]!.type).toBe('application/json')
  })

  it('a JSON body signs in as well', async () => {
    const jar = new CookieJar()
    const { csrfToken } = (await (await jarFetch(jar, `${server.origin}/auth/csrf`)).json()) as {
      csrfToken: string
    }
    const res = await jarFetch(jar, `${server.origin}/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken, username: 'alice', password: 'wonderland' }),
    })
    expect(res.status).toBe(302)
    expect(setCookie(res, SESSION)).toBeDefined()
  })

  it('pages.newUser is not used for a credentials sign-in', async () => {
    const res = await signIn(new CookieJar(), server.origin)
    expect(res.headers.get('location')).toBe(`${server.origin}/`)
  })

  it('failure: 302 to /auth/signin?error=CredentialsSignin&code=credentials and no session cookie', async () => {
    const res = await signIn(new CookieJar(), server.origin, { username: 'alice', password: 'nope' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=credentials`,
    )
    expect(setCookies(res).some((c) => c.name.startsWith(SESSION))).toBe(false)
  })

  it('a CredentialsSignin subclass sets its own code', async () => {
    const res = await signIn(new CookieJar(), server.origin, { username: 'locked', password: 'x' })
    expect(res.headers.get('location')).toBe(
      `${server.origin}/auth/signin?error=CredentialsSignin&code=locked`,
    )
  })

  it('authorize throwing a plain Error is error?error=Configuration, and the cause is logged', async () => {
    logger.errors.length = 0
    const res = await signIn(new CookieJar(), server.origin, { username: 'crash', password: 'x' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/error?error=Configuration`)
    expect(
      logger.errors.some((e) => {
        const err = (e as AuthError).cause?.err
        return err instanceof Error && err.message === 'database is down'
      }),
    ).toBe(true)
  })

  it('GET on the credentials callback is error?error=Configuration&code=bad_request', async () => {
    const res = await fetch(`${server.origin}/auth/callback/credentials?username=alice&password=wonderland`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `${server.origin}/auth/error?error=Configuration&code=bad_request`,
    )
    expect(setCookies(res).some((c) => c.name.startsWith(SESSION))).toBe(false)
  })

  it('without the CSRF token authorize is never called', async () => {
    authorizeCalls.length = 0
    const res = await fetch(`${server.origin}/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=alice&password=wonderland',
      redirect: 'manual',
    })
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
    expect(authorizeCalls).toHaveLength(0)
  })
})

describe('signIn callback', () => {
  const redirects: Array<{ url: string; baseUrl: string }> = []
  const server = useServer((origin) =>
    baseConfig({
      callbacks: {
        signIn: ({ credentials }) => {
          if (credentials?.mode === 'refuse') return false
          if (credentials?.mode === 'elsewhere') return '/onboarding'
          if (credentials?.mode === 'offsite') return 'https://evil.example/phish'
          return true
        },
        redirect: ({ url, baseUrl }) => {
          redirects.push({ url, baseUrl })
          return url.startsWith('/') ? `${baseUrl}${url}` : url.startsWith(origin) ? url : baseUrl
        },
      },
    }),
  )

  it('returning false: 302 to error?error=AccessDenied, which is a 403 page, and no session', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, server.origin, {
      username: 'alice',
      password: 'wonderland',
      mode: 'refuse',
    })
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/error?error=AccessDenied`)
    expect(setCookies(res).some((c) => c.name.startsWith(SESSION))).toBe(false)
    const page = await fetch(res.headers.get('location')!)
    expect(page.status).toBe(403)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('returning a string redirects there through the redirect callback, without a session', async () => {
    redirects.length = 0
    const res = await signIn(new CookieJar(), server.origin, {
      username: 'alice',
      password: 'wonderland',
      mode: 'elsewhere',
    })
    expect(res.headers.get('location')).toBe(`${server.origin}/onboarding`)
    // The callback gets the normalised absolute URL, never the raw string (issue #14, finding 3).
    expect(redirects).toContainEqual({ url: `${server.origin}/onboarding`, baseUrl: server.origin })
    expect(setCookies(res).some((c) => c.name.startsWith(SESSION))).toBe(false)
  })

  it('an off-site string is still subject to the redirect callback', async () => {
    const res = await signIn(new CookieJar(), server.origin, {
      username: 'alice',
      password: 'wonderland',
      mode: 'offsite',
    })
    expect(res.headers.get('location')).toBe(server.origin)
  })
})

describe('events', () => {
  const events: Array<[string, unknown]> = []
  const logger = recordingLogger()
  const server = useServer(
    baseConfig({
      logger,
      events: {
        signIn: (m) => void events.push(['signIn', m]),
        signOut: (m) => void events.push(['signOut', m]),
        session: (m) => void events.push(['session', m]),
      },
    }),
  )
  const throwing = useServer(
    baseConfig({
      logger,
      events: {
        signIn: () => {
          throw new Error('audit log down')
        },
        session: () => Promise.reject(new Error('audit log down')),
        signOut: () => {
          throw new Error('audit log down')
        },
      },
    }),
  )

  it('signIn, session and signOut fire with the shapes of Auth.js', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    await getSession(jar, server.origin)
    const { csrfToken } = (await (await jarFetch(jar, `${server.origin}/auth/csrf`)).json()) as {
      csrfToken: string
    }
    await jarFetch(jar, `${server.origin}/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken }).toString(),
    })
    expect(events.map(([name]) => name)).toStrictEqual(['signIn', 'session', 'signOut'])
    expect(events[0]![1]).toMatchObject({
      user: { id: 'user-1', name: 'Alice', email: 'alice@example.test' },
      account: { provider: 'credentials', type: 'credentials', providerAccountId: 'user-1' },
      isNewUser: false,
    })
    expect(events[1]![1]).toMatchObject({
      session: { user: { name: 'Alice', email: 'alice@example.test' } },
      token: { sub: 'user-1', name: 'Alice', email: 'alice@example.test' },
    })
    expect(events[2]![1]).toMatchObject({ token: { sub: 'user-1' } })
  })

  it('sign-out everywhere with JWT sessions signs this browser out and warns that others cannot be', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const { csrfToken } = (await (await jarFetch(jar, `${server.origin}/auth/csrf`)).json()) as {
      csrfToken: string
    }
    logger.warnings.length = 0
    const res = await jarFetch(jar, `${server.origin}/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, everywhere: 'true' }).toString(),
    })
    expect(res.status).toBe(302)
    expect(jar.get('authjs.session-token')).toBeUndefined()
    expect(logger.warnings).toEqual(['sign-out-everywhere-unsupported'])
  })

  it('an event that throws never breaks the flow; it is logged as EventError', async () => {
    logger.errors.length = 0
    const jar = new CookieJar()
    const res = await signIn(jar, throwing.origin)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${throwing.origin}/`)
    expect(setCookie(res, SESSION)).toBeDefined()
    expect((await getSession(jar, throwing.origin)).body).toMatchObject({ user: { name: 'Alice' } })
    const { csrfToken } = (await (await jarFetch(jar, `${throwing.origin}/auth/csrf`)).json()) as {
      csrfToken: string
    }
    const out = await jarFetch(jar, `${throwing.origin}/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken }).toString(),
    })
    expect(out.headers.get('location')).toBe(`${throwing.origin}/`)
    expect(jar.values.has(SESSION)).toBe(false)
    expect(logger.errors.filter((e) => (e as { type?: string }).type === 'EventError')).toHaveLength(3)
  })
})
