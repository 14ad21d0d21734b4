/**
 * The error boundary (wire-contract §1.3-1.4): error page statuses, X-Auth-Return-Redirect, `raw`, config as a
 * function, createAuth's `auth()`, and escaping of everything a page shows.
 */
import { describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import { createAuth } from '../../src/create-auth.js'
import { CredentialsSignin } from '../../src/errors.js'
import { raw, skipCSRFCheck } from '../../src/symbols.js'
import type { AuthConfig, ResponseInternal } from '../../src/types.js'
import {
  CookieJar,
  SESSION,
  aliceCredentials,
  baseConfig,
  csrfToken,
  form,
  jarFetch,
  recordingLogger,
  serveHandler,
  setCookie,
  signIn,
  useServer,
} from './http-helpers.js'

describe('GET /error', () => {
  const server = useServer(baseConfig())

  it.each([
    ['Configuration', 500],
    ['AccessDenied', 403],
    ['Verification', 403],
    ['CredentialsSignin', 200],
    ['SomethingElse', 200],
    ['constructor', 200],
    ['__proto__', 200],
    ['toString', 200],
    ['', 200],
  ])('?error=%s is a %i HTML page', async (error, status) => {
    const res = await fetch(`${server.origin}/auth/error?error=${error}`)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await res.text()).toContain(`href="${server.origin}/auth/signin"`)
  })
})

describe('GET /error with pages.error', () => {
  const logger = recordingLogger()
  const server = useServer(baseConfig({ logger, pages: { error: '/oops' } }))

  it('redirects to pages.error with the error', async () => {
    const res = await fetch(`${server.origin}/auth/error?error=AccessDenied`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/oops?error=AccessDenied')
  })

  it('shows the built-in page instead of looping when callbackUrl is the error page', async () => {
    const res = await fetch(`${server.origin}/auth/error?error=AccessDenied&callbackUrl=%2Foops`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(403)
    expect(logger.errors.some((e) => (e as { type?: string }).type === 'ErrorPageLoop')).toBe(true)
  })

  it('action errors go to pages.error on the origin', async () => {
    const res = await fetch(`${server.origin}/auth/callback/nope`, { redirect: 'manual' })
    expect(res.headers.get('location')).toBe(`${server.origin}/oops?error=Configuration&code=bad_request`)
  })
})

describe('X-Auth-Return-Redirect', () => {
  const server = useServer(
    baseConfig({
      callbacks: { signIn: ({ credentials }) => credentials?.refuse !== 'yes' },
    }),
  )
  const header = { 'X-Auth-Return-Redirect': 'any value at all' }

  it('success: 200 JSON {url}, keeping Location and the session cookie', async () => {
    const jar = new CookieJar()
    const res = await signIn(
      jar,
      server.origin,
      { username: 'alice', password: 'wonderland', callbackUrl: '/in' },
      header,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toStrictEqual({ url: `${server.origin}/in` })
    expect(res.headers.get('location')).toBe(`${server.origin}/in`)
    expect(setCookie(res, SESSION)).toBeDefined()
  })

  it('an empty header value counts too', async () => {
    const res = await signIn(new CookieJar(), server.origin, undefined, { 'X-Auth-Return-Redirect': '' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ url: `${server.origin}/` })
  })

  it('CredentialsSignin: 401 JSON {url} with error and code', async () => {
    const res = await signIn(new CookieJar(), server.origin, { username: 'alice', password: 'bad' }, header)
    expect(res.status).toBe(401)
    expect(await res.json()).toStrictEqual({
      url: `${server.origin}/auth/signin?error=CredentialsSignin&code=credentials`,
    })
    expect(setCookie(res, SESSION)).toBeUndefined()
  })

  it('MissingCSRF: 403 JSON {url}', async () => {
    const res = await fetch(`${server.origin}/auth/callback/credentials`, {
      ...form({ username: 'alice', password: 'wonderland' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...header },
      redirect: 'manual',
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toStrictEqual({ url: `${server.origin}/auth/signin?error=MissingCSRF` })
  })

  it('AccessDenied: 403 JSON {url}', async () => {
    const res = await signIn(
      new CookieJar(),
      server.origin,
      { username: 'alice', password: 'wonderland', refuse: 'yes' },
      header,
    )
    expect(res.status).toBe(403)
    expect(await res.json()).toStrictEqual({ url: `${server.origin}/auth/error?error=AccessDenied` })
  })

  it('sign-out: 200 JSON {url} and the session cleared', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const token = await csrfToken(jar, server.origin)
    const init = form({ csrfToken: token, callbackUrl: '/bye' })
    const res = await jarFetch(jar, `${server.origin}/auth/signout`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...header },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ url: `${server.origin}/bye` })
    expect(jar.values.has(SESSION)).toBe(false)
  })
})

describe('raw mode', () => {
  const config: AuthConfig = baseConfig({ raw, skipCSRFCheck })
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Request('http://app.test/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })

  it('returns the internal object for a successful sign-in', async () => {
    const result = (await Auth(
      post({ username: 'alice', password: 'wonderland' }),
      config,
    )) as unknown as ResponseInternal
    expect(result).not.toBeInstanceOf(Response)
    expect(result.redirect).toBe('http://app.test/')
    expect(result.cookies?.map((c) => c.name)).toContain(SESSION)
  })

  it('re-throws CredentialsSignin when the header is absent', async () => {
    await expect(Auth(post({ username: 'alice', password: 'bad' }), config)).rejects.toBeInstanceOf(
      CredentialsSignin,
    )
  })

  it('answers JSON instead of throwing when the header is present', async () => {
    const result = (await Auth(
      post({ username: 'alice', password: 'bad' }, { 'X-Auth-Return-Redirect': '1' }),
      config,
    )) as unknown as ResponseInternal
    expect(result.status).toBe(401)
    expect(result.body).toStrictEqual({
      url: 'http://app.test/auth/signin?error=CredentialsSignin&code=credentials',
    })
  })

  it('returns the internal object for a GET', async () => {
    const result = (await Auth(
      new Request('http://app.test/auth/session'),
      config,
    )) as unknown as ResponseInternal
    expect(result).toMatchObject({ status: 200, body: null })
  })
})

describe('config as a function of the request', () => {
  const tenants: Record<string, AuthConfig> = {
    a: baseConfig({ providers: [aliceCredentials({ name: 'Tenant A' })] }),
    b: baseConfig({ providers: [aliceCredentials({ name: 'Tenant B' })] }),
  }
  let served: { origin: string; close(): Promise<void> } | undefined

  it('picks the configuration per request', async () => {
    served = await serveHandler((request) =>
      Auth(request, (req) => tenants[req.headers.get('x-tenant') ?? 'a']!),
    )
    try {
      for (const tenant of ['a', 'b', 'a']) {
        const res = await fetch(`${served.origin}/auth/providers`, { headers: { 'x-tenant': tenant } })
        const body = (await res.json()) as Record<string, { name: string }>
        expect(body.credentials!.name).toBe(`Tenant ${tenant.toUpperCase()}`)
      }
      const asyncConfig = await serveHandler((request) => Auth(request, () => Promise.resolve(tenants.b!)))
      try {
        const res = await fetch(`${asyncConfig.origin}/auth/providers`)
        expect(((await res.json()) as Record<string, { name: string }>).credentials!.name).toBe('Tenant B')
      } finally {
        await asyncConfig.close()
      }
    } finally {
      await served.close()
    }
  })
})

describe("createAuth's auth(request)", () => {
  it('returns the session, or null without or with a bad cookie', async () => {
    const { handlers, auth } = createAuth(baseConfig())
    const served = await serveHandler((r) => (r.method === 'POST' ? handlers.POST(r) : handlers.GET(r)))
    try {
      const jar = new CookieJar()
      expect((await signIn(jar, served.origin)).status).toBe(302)
      const request = (cookie: string) => new Request(`${served.origin}/dashboard`, { headers: { cookie } })
      expect(await auth(request(jar.header()))).toMatchObject({
        user: { name: 'Alice', email: 'alice@example.test' },
      })
      expect(await auth(new Request(`${served.origin}/dashboard`))).toBeNull()
      const token = jar.values.get(SESSION)!
      expect(await auth(request(`${SESSION}=${token.slice(0, -4)}AAAA`))).toBeNull()
    } finally {
      await served.close()
    }
  })

  it('fails closed: a broken configuration gives null, not an error body', async () => {
    const logger = recordingLogger()
    const { auth, handlers } = createAuth({
      ...baseConfig({ logger }),
      secret: undefined,
      session: { maxAge: -1 },
    })
    const res = await handlers.GET(new Request('http://app.test/auth/session'))
    expect(res.status).toBe(500)
    expect(await auth(new Request('http://app.test/', { headers: { cookie: `${SESSION}=x` } }))).toBeNull()
  })

  it('fails closed: a session callback that throws gives null', async () => {
    const logger = recordingLogger()
    const { handlers, auth } = createAuth(
      baseConfig({
        logger,
        callbacks: {
          session: () => {
            throw new Error('boom')
          },
        },
      }),
    )
    const served = await serveHandler((r) => (r.method === 'POST' ? handlers.POST(r) : handlers.GET(r)))
    try {
      const jar = new CookieJar()
      await signIn(jar, served.origin)
      expect(jar.values.has(SESSION)).toBe(true)
      expect(await auth(new Request(`${served.origin}/`, { headers: { cookie: jar.header() } }))).toBeNull()
      expect(logger.errors.some((e) => e.message === 'boom')).toBe(true)
    } finally {
      await served.close()
    }
  })

  it.each(['session', 'jwt'] as const)(
    'GET /session with a %s callback that throws is JSON null with no-store, not a redirect to an HTML page',
    async (name) => {
      const logger = recordingLogger()
      let armed = false
      const boom = (({ session, token }: { session?: unknown; token?: unknown }) => {
        if (armed) throw new Error('boom: internal detail')
        return name === 'session' ? session : token
      }) as never
      const { handlers } = createAuth(baseConfig({ logger, callbacks: { [name]: boom } }))
      const served = await serveHandler((r) => (r.method === 'POST' ? handlers.POST(r) : handlers.GET(r)))
      try {
        const jar = new CookieJar()
        await signIn(jar, served.origin)
        armed = true
        // wire-contract §1.9: errors on the session endpoint are logged and answered `null` (fetch clients and
        // useSession read JSON; a 302 to the error page would hand them HTML).
        const res = await jarFetch(jar, `${served.origin}/auth/session`)
        expect(res.status).toBe(200)
        expect(res.headers.get('location')).toBeNull()
        expect(res.headers.get('cache-control')).toContain('no-store')
        const text = await res.text()
        expect(text).toBe('null')
        expect(
          logger.errors.some((e) => e.message.includes('boom') || String(e.cause).includes('boom')),
        ).toBe(true)
      } finally {
        await served.close()
      }
    },
  )
})

describe('sign-out when the redirect callback throws', () => {
  it('still clears the session cookie (the browser is never left signed in), then goes to the origin', async () => {
    let armed = false
    const logger = recordingLogger()
    const { handlers } = createAuth(
      baseConfig({
        logger,
        callbacks: {
          redirect: ({ baseUrl }) => {
            if (armed) throw new Error('redirect callback bug')
            return baseUrl
          },
        },
      }),
    )
    const served = await serveHandler((r) => (r.method === 'POST' ? handlers.POST(r) : handlers.GET(r)))
    try {
      const jar = new CookieJar()
      await signIn(jar, served.origin)
      expect(jar.values.has(SESSION)).toBe(true)
      const token = await csrfToken(jar, served.origin)
      armed = true
      const res = await jarFetch(jar, `${served.origin}/auth/signout`, form({ csrfToken: token }))
      // A throwing callback falls back to the origin (and is logged) instead of failing the sign-out.
      expect(res.headers.get('location')).toBe(served.origin)
      expect(jar.values.has(SESSION)).toBe(false)
      expect(logger.errors.some((e) => e.message.includes('`redirect` callback threw'))).toBe(true)
    } finally {
      await served.close()
    }
  })
})

describe('escaping of everything a page shows', () => {
  const payload = '<script>alert(1)</script>'
  const server = useServer(
    baseConfig({
      providers: [
        aliceCredentials({
          name: `Evil ${payload}`,
          credentials: {
            username: { label: `<img src=x onerror=alert(2)>`, placeholder: `"><script>alert(3)</script>` },
            password: { label: 'Password', type: 'password' },
          },
        }),
      ],
    }),
  )

  function expectEscaped(html: string) {
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img src=x/i)
    expect(html).not.toMatch(/"><script/i)
  }

  it('provider names and credential labels are escaped, not dropped', async () => {
    const html = await (await fetch(`${server.origin}/auth/signin`)).text()
    expectEscaped(html)
    expect(html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;')
  })

  it('callbackUrl, error and code in the query never appear unescaped', async () => {
    const q = new URLSearchParams({
      callbackUrl: `/"><script>alert(4)</script>`,
      error: payload,
      code: `"><svg onload=alert(5)>`,
    })
    const res = await fetch(`${server.origin}/auth/signin?${q}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expectEscaped(html)
    expect(html).not.toMatch(/<svg/i)
  })

  it('the error page does not echo the error value', async () => {
    const res = await fetch(`${server.origin}/auth/error?error=${encodeURIComponent(payload)}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expectEscaped(html)
    expect(html).not.toContain('alert(1)')
  })

  it('the sign-out page escapes the callbackUrl', async () => {
    const res = await fetch(
      `${server.origin}/auth/signout?callbackUrl=${encodeURIComponent(`/"><script>alert(6)</script>`)}`,
    )
    expectEscaped(await res.text())
  })
})
