/** Every action of wire-contract §1.2 through a real server: status, headers, body and cookies. */
import { describe, expect, it } from 'vitest'
import { skipCSRFCheck } from '../../src/symbols.js'
import {
  CSRF,
  CookieJar,
  SESSION,
  baseConfig,
  clears,
  csrfToken,
  form,
  getSession,
  jarFetch,
  setCookie,
  setCookies,
  signIn,
  useServer,
} from './http-helpers.js'

const NO_CACHE = { 'cache-control': 'private, no-cache, no-store', expires: '0', pragma: 'no-cache' }

function expectNoCache(res: Response) {
  for (const [k, v] of Object.entries(NO_CACHE)) expect(res.headers.get(k), k).toBe(v)
}

describe('GET /providers', () => {
  const server = useServer(baseConfig())

  it('lists providers with absolute URLs and sets no cookies', async () => {
    const res = await fetch(`${server.origin}/auth/providers`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('cache-control')).toBeNull()
    expect(await res.json()).toStrictEqual({
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: `${server.origin}/auth/signin/credentials`,
        callbackUrl: `${server.origin}/auth/callback/credentials`,
      },
    })
  })

  it('POST /providers is a 400', async () => {
    const res = await fetch(`${server.origin}/auth/providers`, { method: 'POST' })
    expect(res.status).toBe(400)
    expect(await res.json()).toBe('Bad request.')
  })
})

describe('GET /csrf', () => {
  const server = useServer(baseConfig())

  it('returns a 64-hex token, the no-cache headers and a token|hash cookie, URL-encoded', async () => {
    const res = await fetch(`${server.origin}/auth/csrf`)
    expect(res.status).toBe(200)
    expectNoCache(res)
    const { csrfToken: token } = (await res.json()) as { csrfToken: string }
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const cookie = setCookie(res, CSRF)!
    expect(cookie.value).toMatch(new RegExp(`^${token}%7C[0-9a-f]{64}$`))
    expect(cookie.attributes.has('httponly')).toBe(true)
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax')
    expect(cookie.attributes.get('path')).toBe('/')
    expect(cookie.attributes.has('secure')).toBe(false)
  })

  it('keeps the token of an authentic cookie and sets no new cookie', async () => {
    const jar = new CookieJar()
    const first = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/csrf`)
    expect(((await res.json()) as { csrfToken: string }).csrfToken).toBe(first)
    expect(setCookie(res, CSRF)).toBeUndefined()
  })
})

describe('GET /csrf with skipCSRFCheck', () => {
  const server = useServer(baseConfig({ skipCSRFCheck }))

  it('is a 404 with an empty body and clears the CSRF cookie', async () => {
    const res = await fetch(`${server.origin}/auth/csrf`, { headers: { cookie: `${CSRF}=abc` } })
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('')
    expect(clears(res, CSRF)).toBe(true)
  })
})

describe('/session', () => {
  const seen: Array<{ trigger: unknown; session: unknown }> = []
  const server = useServer(
    baseConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          seen.push({ trigger, session })
          if ((session as { explode?: boolean } | undefined)?.explode) throw new Error('callback failed')
          if (trigger === 'update') return { ...token, name: (session as { name: string }).name }
          return token
        },
      },
    }),
  )

  // GET without and with a session, and POST without a CSRF token, on both strategies:
  // test/support/session-strategy-suite.ts.

  it('POST with trigger update hands body.data to the jwt callback as `session`', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const token = await csrfToken(jar, server.origin)
    seen.length = 0
    const res = await jarFetch(jar, `${server.origin}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: token, data: { name: 'Alicia' } }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBeNull()
    expect(seen).toStrictEqual([{ trigger: 'update', session: { name: 'Alicia' } }])
    expect(await res.json()).toMatchObject({ user: { name: 'Alicia' } })
    // The changed token is re-issued: the next GET sees the new name.
    expect(setCookie(res, SESSION)).toBeDefined()
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alicia' } })
  })

  it('POST where the jwt callback throws is 400 with a JSON null body', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: token, data: { explode: true } }),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toBe('null')
  })
})

describe('/signin', () => {
  const server = useServer(baseConfig())

  it('GET shows the built-in page: 200 text/html, CSP with frame-ancestors none, a CSRF cookie', async () => {
    const res = await fetch(`${server.origin}/auth/signin`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await res.text()
    expect(html).toContain(`action="${server.origin}/auth/callback/credentials"`)
    const cookie = setCookie(res, CSRF)!
    const token = decodeURIComponent(cookie.value).split('|')[0]!
    expect(html).toContain(`name="csrfToken" value="${token}"`)
  })

  it('GET /signin/{id} shows the sign-in page too', async () => {
    const res = await fetch(`${server.origin}/auth/signin/credentials`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<form')
  })

  it('POST without a provider redirects to /auth/signin', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/signin`, form({ csrfToken: token }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin`)
  })

  it('POST /signin/credentials redirects to {origin}/auth/signin', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/signin/credentials`, form({ csrfToken: token }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin`)
  })

  it('POST without CSRF redirects to the sign-in page with MissingCSRF', async () => {
    const res = await fetch(`${server.origin}/auth/signin/credentials`, { ...form({}), redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
  })
})

describe('/signin with pages.signIn', () => {
  const server = useServer(baseConfig({ pages: { signIn: '/login' } }))

  it('GET redirects to pages.signIn with callbackUrl and error', async () => {
    const res = await fetch(`${server.origin}/auth/signin?callbackUrl=%2Fdashboard&error=CredentialsSignin`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!, server.origin)
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('callbackUrl')).toBe(`${server.origin}/dashboard`)
    expect(location.searchParams.get('error')).toBe('CredentialsSignin')
  })
})

describe('/signout', () => {
  const signedOut: unknown[] = []
  const server = useServer(
    baseConfig({
      events: { signOut: (m) => void signedOut.push(m) },
      callbacks: { jwt: ({ token }) => ({ ...token, big: 'x'.repeat(6000) }) },
    }),
  )

  it('GET shows a confirmation page whose form posts the CSRF token', async () => {
    const res = await fetch(`${server.origin}/auth/signout`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    const token = decodeURIComponent(setCookie(res, CSRF)!.value).split('|')[0]!
    expect(html).toContain(`value="${token}"`)
    expect(html).toContain(`action="${server.origin}/auth/signout"`)
  })

  it('POST clears every session chunk and redirects to the validated callbackUrl', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const chunks = [...jar.values.keys()].filter((n) => n.startsWith(SESSION))
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(chunks).toStrictEqual(chunks.map((_, i) => `${SESSION}.${i}`))
    const token = await csrfToken(jar, server.origin)
    signedOut.length = 0
    const res = await jarFetch(
      jar,
      `${server.origin}/auth/signout`,
      form({ csrfToken: token, callbackUrl: '/bye' }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/bye`)
    for (const name of chunks) expect(clears(res, name), name).toBe(true)
    expect([...jar.values.keys()].some((n) => n.startsWith(SESSION))).toBe(false)
    expect(signedOut).toHaveLength(1)
    expect(signedOut[0]).toMatchObject({ token: { sub: 'user-1', email: 'alice@example.test' } })
    expect((await getSession(jar, server.origin)).body).toBeNull()
  })

  it('POST without CSRF keeps the session', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/signout`, form({ callbackUrl: '/bye' }))
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
    expect(setCookies(res).some((c) => c.name.startsWith(SESSION))).toBe(false)
    expect((await getSession(jar, server.origin)).body).not.toBeNull()
  })
})

describe('GET /verify-request', () => {
  const server = useServer(baseConfig())

  it('shows the check-your-email page', async () => {
    const res = await fetch(`${server.origin}/auth/verify-request?provider=email&type=email`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect((await res.text()).toLowerCase()).toContain('email')
  })
})

describe('GET /verify-request with pages.verifyRequest', () => {
  const server = useServer(baseConfig({ pages: { verifyRequest: '/check-mail' } }))

  it('redirects with the original query string', async () => {
    const res = await fetch(`${server.origin}/auth/verify-request?provider=email&type=email`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/check-mail?provider=email&type=email')
  })
})
