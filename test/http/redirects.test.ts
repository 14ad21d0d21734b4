/**
 * Open-redirect attempts as callbackUrl, in the query, the body and the callback-url cookie (RFC 9700 §4.11,
 * ASVS 3.7.2): never reflected into Location, pages or cookies, never a 500. One `it` per vector and channel.
 */
import { describe, expect, it } from 'vitest'
import {
  CALLBACK,
  CookieJar,
  SESSION,
  baseConfig,
  csrfToken,
  form,
  homePattern,
  jarFetch,
  setCookie,
  signIn,
  useServer,
} from './http-helpers.js'

/** Hostile callback URLs; `{origin}` is replaced by the server's own origin (the look-alike host vector). */
const VECTORS = [
  'https://evil.example',
  'https://evil.example/path?x=1',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '{origin}.evil.example',
  '{origin}@evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)//{origin}',
  'data:text/html,<script>alert(1)</script>',
]

const materialise = (vector: string, origin: string) => vector.replaceAll('{origin}', origin)

/** Everything the browser could act on or show. */
async function exposed(res: Response): Promise<string> {
  return [res.headers.get('location') ?? '', ...res.headers.getSetCookie(), await res.text()].join('\n')
}

function expectHome(res: Response, origin: string) {
  expect(res.headers.get('location')).toMatch(homePattern(origin))
}

function expectNotReflected(text: string) {
  const lower = text.toLowerCase()
  for (const needle of ['evil.example', 'javascript:', 'data:text', 'alert(1)', '<script'])
    expect(lower, needle).not.toContain(needle)
}

describe.each(VECTORS)('callbackUrl %s', (vector) => {
  const server = useServer(baseConfig())
  const custom = useServer(baseConfig({ pages: { signIn: '/login' } }))

  it('in the query of GET /signin: the page and cookies do not carry it', async () => {
    const url = materialise(vector, server.origin)
    const res = await fetch(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent(url)}`)
    expect(res.status).toBe(200)
    expectNotReflected(await exposed(res))
  })

  it('in the query of GET /signin with pages.signIn: the redirect falls back to the origin', async () => {
    const url = materialise(vector, custom.origin)
    const res = await fetch(`${custom.origin}/auth/signin?callbackUrl=${encodeURIComponent(url)}`, {
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location')!, custom.origin)
    expect(location.searchParams.get('callbackUrl')).toMatch(new RegExp(`^${custom.origin}/?$`))
    expectNotReflected(await exposed(res))
  })

  it('in the query of GET /signout: the confirmation page does not carry it', async () => {
    const url = materialise(vector, server.origin)
    const res = await fetch(`${server.origin}/auth/signout?callbackUrl=${encodeURIComponent(url)}`)
    expect(res.status).toBe(200)
    expectNotReflected(await exposed(res))
  })

  it('in the body of a credentials sign-in: Location is the origin', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, server.origin, {
      username: 'alice',
      password: 'wonderland',
      callbackUrl: materialise(vector, server.origin),
    })
    expect(res.status).toBe(302)
    expectHome(res, server.origin)
    expect(setCookie(res, SESSION)).toBeDefined()
    expectNotReflected(await exposed(res))
  })

  it('in the body of POST /signout: Location is the origin', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(
      jar,
      `${server.origin}/auth/signout`,
      form({ csrfToken: token, callbackUrl: materialise(vector, server.origin) }),
    )
    expect(res.status).toBe(302)
    expectHome(res, server.origin)
    expectNotReflected(await exposed(res))
  })

  it('in the query of the credentials callback: Location is the origin', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const url = materialise(vector, server.origin)
    const res = await jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials?callbackUrl=${encodeURIComponent(url)}`,
      form({ csrfToken: token, username: 'alice', password: 'wonderland' }),
    )
    expect(res.status).toBe(302)
    expectHome(res, server.origin)
    expectNotReflected(await exposed(res))
  })

  it('in the callback-url cookie: sign-in and sign-out ignore it', async () => {
    const jar = new CookieJar()
    jar.values.set(CALLBACK, encodeURIComponent(materialise(vector, server.origin)))
    const signedIn = await signIn(jar, server.origin)
    expect(signedIn.status).toBe(302)
    expectHome(signedIn, server.origin)
    expectNotReflected(await exposed(signedIn))
    const token = await csrfToken(jar, server.origin)
    const out = await jarFetch(jar, `${server.origin}/auth/signout`, form({ csrfToken: token }))
    expectHome(out, server.origin)
    expectNotReflected(await exposed(out))
  })

  it('on /session and /csrf: never a 500', async () => {
    const url = encodeURIComponent(materialise(vector, server.origin))
    for (const action of ['session', 'csrf', 'providers', 'error', 'verify-request']) {
      const res = await fetch(`${server.origin}/auth/${action}?callbackUrl=${url}`, { redirect: 'manual' })
      expect(res.status, action).toBeLessThan(500)
      expectNotReflected(await exposed(res))
    }
  })
})

describe('an application redirect callback that only checks the prefix', () => {
  // A common (and wrong) pattern; the userinfo trick must not get past it through Gatehouse.
  const server = useServer(
    baseConfig({
      callbacks: { redirect: ({ url, baseUrl }) => (url.startsWith(baseUrl) ? url : baseUrl) },
    }),
  )

  it('`{origin}@evil.example` in the body never reaches the callback, so it is not the Location', async () => {
    const res = await signIn(new CookieJar(), server.origin, {
      username: 'alice',
      password: 'wonderland',
      callbackUrl: `${server.origin}@evil.example/`,
    })
    expect(res.status).toBe(302)
    expectHome(res, server.origin)
  })

  it('`{origin}@evil.example` in the query of the sign-in page is not put in its forms', async () => {
    const url = encodeURIComponent(`${server.origin}@evil.example/`)
    const res = await fetch(`${server.origin}/auth/signin?callbackUrl=${url}`)
    expectNotReflected(await exposed(res))
  })
})

describe('an application redirect callback that lets every address through', () => {
  // E.g. a multi-domain app that trusts its own links. The default callback masks a missing protocol check, so
  // only a permissive callback shows that `javascript:` and `data:` are dropped before any callback sees them.
  const seen: string[] = []
  const server = useServer(
    baseConfig({
      callbacks: {
        redirect: ({ url }) => {
          seen.push(url)
          return url
        },
      },
    }),
  )

  for (const vector of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
    it(`${vector.slice(0, 11)} in the body or query never reaches the callback, Location or page`, async () => {
      seen.length = 0
      const res = await signIn(new CookieJar(), server.origin, {
        username: 'alice',
        password: 'wonderland',
        callbackUrl: vector,
      })
      expect(res.status).toBe(302)
      expectHome(res, server.origin)
      expectNotReflected(await exposed(res))
      const page = await fetch(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent(vector)}`)
      expectNotReflected(await exposed(page))
      expect(seen.some((url) => !/^https?:/.test(url))).toBe(false)
    })
  }
})

describe('legitimate callback URLs', () => {
  const server = useServer(baseConfig())

  it('a relative path is resolved on the origin and remembered in the callback-url cookie', async () => {
    const jar = new CookieJar()
    const page = await jarFetch(jar, `${server.origin}/auth/signin?callbackUrl=%2Fdashboard%3Ftab%3D1`)
    expect(decodeURIComponent(setCookie(page, CALLBACK)!.value)).toBe(`${server.origin}/dashboard?tab=1`)
    // The form posts no callbackUrl here: the cookie carries it.
    const res = await signIn(jar, server.origin)
    expect(res.headers.get('location')).toBe(`${server.origin}/dashboard?tab=1`)
  })

  it('an absolute URL on the origin is kept', async () => {
    const res = await signIn(new CookieJar(), server.origin, {
      username: 'alice',
      password: 'wonderland',
      callbackUrl: `${server.origin}/account`,
    })
    expect(res.headers.get('location')).toBe(`${server.origin}/account`)
  })
})
