/**
 * Issue #14 finding 3: a `callbackUrl` with non-Latin-1 characters or CR/LF, through the `redirect` callback as the
 * Auth.js documentation writes it, used to make `Auth()` reject (Headers threw on Location), losing sign-out's
 * cookie clearing. Whatever the callback gets or answers, the result is a safe same-origin redirect.
 */
import { describe, expect, it } from 'vitest'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'
import { SESSION as PLAIN_SESSION, baseConfig } from './http-helpers.js'

const ORIGIN = 'https://app.test'
const SESSION = `__Secure-${PLAIN_SESSION}`

/** The `redirect` callback exactly as the Auth.js documentation writes it. */
const documented = ({ url, baseUrl }: { url: string; baseUrl: string }) =>
  url.startsWith('/') ? baseUrl + url : new URL(url).origin === baseUrl ? url : baseUrl

const { call, csrf } = inProcessClient(ORIGIN)

/** A form body written by hand, so raw CR/LF and unpaired encodings reach the server as they are. */
function post(body: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  }
}

/** Every callbackUrl the fuzz run found, as they go on the wire in a form body. */
const CALLBACK_URLS: Array<[string, string]> = [
  ['non-Latin-1 path', encodeURIComponent('/日本')],
  ['encoded CR/LF', encodeURIComponent('/x%0D%0Ay')],
  ['decoded CR/LF', '%2Fx%0D%0Ay'],
  ['raw CR/LF', '/x\r\nSet-Cookie: evil=1'],
  ['non-Latin-1 absolute URL on the origin', encodeURIComponent(`${ORIGIN}/é/日本?q=ü#frag ment`)],
  ['emoji and NUL', encodeURIComponent('/😀\u0000x')],
  ['lone surrogate', '%2F%ED%A0%80'],
]

function expectSafeLocation(value: string | null) {
  expect(value).not.toBeNull()
  // Printable ASCII only: Headers accepts it and nothing can be split off into another header.
  expect(value).toMatch(/^[\x21-\x7e]+$/)
  expect(new URL(value!).origin).toBe(ORIGIN)
}

function expectSessionCleared(res: Response) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))
  expect(line, 'the session cookie is cleared').toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
}

describe.each([
  ['the documented redirect callback', documented],
  ['the default redirect callback', undefined],
])('%s', (_name, redirect) => {
  const config = baseConfig({ ...(redirect ? { callbacks: { redirect } } : {}) })

  describe.each(CALLBACK_URLS)('callbackUrl: %s', (_label, encoded) => {
    it('POST /callback/credentials signs in and redirects on the origin', async () => {
      const jar = new CookieJar()
      const token = await csrf(config, jar)
      const res = await call(
        config,
        jar,
        '/auth/callback/credentials',
        post(`csrfToken=${token}&username=alice&password=wonderland&callbackUrl=${encoded}`),
      )
      expect(res.status).toBe(302)
      expectSafeLocation(res.headers.get('location'))
      expect(jar.get(SESSION)).toBeDefined()
    })

    it('POST /signout clears the session and redirects on the origin', async () => {
      const jar = new CookieJar()
      const token = await csrf(config, jar)
      await call(
        config,
        jar,
        '/auth/callback/credentials',
        post(`csrfToken=${token}&username=alice&password=wonderland`),
      )
      expect(jar.get(SESSION)).toBeDefined()
      const res = await call(config, jar, '/auth/signout', post(`csrfToken=${token}&callbackUrl=${encoded}`))
      expect(res.status).toBe(302)
      expectSafeLocation(res.headers.get('location'))
      expectSessionCleared(res)
      expect(jar.get(SESSION)).toBeUndefined()
    })

    it('POST /signout with X-Auth-Return-Redirect answers JSON with a safe url', async () => {
      const jar = new CookieJar()
      const token = await csrf(config, jar)
      const res = await call(
        config,
        jar,
        '/auth/signout',
        post(`csrfToken=${token}&callbackUrl=${encoded}`, { 'X-Auth-Return-Redirect': '1' }),
      )
      expect(res.status).toBe(200)
      const { url } = (await res.json()) as { url: string }
      expectSafeLocation(url)
    })

    it('GET /signin?callbackUrl= sets a header-safe callback-url cookie', async () => {
      const jar = new CookieJar()
      const res = await call(config, jar, `/auth/signin?callbackUrl=${encoded}`)
      expect(res.status).toBe(200)
      for (const line of res.headers.getSetCookie()) expect(line).toMatch(/^[\x20-\x7e]+$/)
    })
  })

  it('a non-Latin-1 path keeps its meaning, percent-encoded', async () => {
    const jar = new CookieJar()
    const token = await csrf(config, jar)
    const res = await call(
      config,
      jar,
      '/auth/signout',
      post(`csrfToken=${token}&callbackUrl=${encodeURIComponent('/日本?a=é')}`),
    )
    expect(res.headers.get('location')).toBe(`${ORIGIN}/%E6%97%A5%E6%9C%AC?a=%C3%A9`)
  })
})

describe('the redirect callback gets the normalised absolute URL', () => {
  const seen: string[] = []
  const config = baseConfig({
    callbacks: {
      redirect: ({ url, baseUrl }) => {
        seen.push(url)
        return url.startsWith(baseUrl) ? url : baseUrl
      },
    },
  })

  it('relative, non-ASCII and CR/LF values arrive as the URL a browser would request', async () => {
    const jar = new CookieJar()
    const token = await csrf(config, jar)
    seen.length = 0
    await call(config, jar, '/auth/signout', post(`csrfToken=${token}&callbackUrl=%2Fa%0D%0Ab%2F日本`))
    expect(seen).toEqual([`${ORIGIN}/ab/%E6%97%A5%E6%9C%AC`])
  })
})

/** Answers an application's `redirect` callback might give; each must end as a safe redirect. */
const ANSWERS: Array<[string, (baseUrl: string) => unknown, string]> = [
  ['a relative path', () => '/welcome', `${ORIGIN}/welcome`],
  ['a relative non-Latin-1 path', () => '/日本', `${ORIGIN}/%E6%97%A5%E6%9C%AC`],
  ['a value with raw CR/LF', (b) => `${b}/a\r\nSet-Cookie: x=1`, `${ORIGIN}/aSet-Cookie:%20x=1`],
  ['garbage', () => 'http://[::1', ORIGIN],
  ['javascript:', () => 'javascript:alert(1)', ORIGIN],
  ['user info', (b) => `${b}@evil.example/`, ORIGIN],
  ['a protocol-relative off-origin path', () => '//evil.example/x', ORIGIN],
  ['a backslash off-origin path', () => '/\\evil.example/x', ORIGIN],
  ['a non-string', () => 42, ORIGIN],
  ['undefined', () => undefined, ORIGIN],
  ['an empty string', () => '', ORIGIN],
  [
    'an absolute off-origin URL (explicitly allowed)',
    () => 'https://other.example/ok',
    'https://other.example/ok',
  ],
  [
    'an absolute off-origin non-Latin-1 URL',
    () => 'https://bücher.example/ü',
    'https://xn--bcher-kva.example/%C3%BC',
  ],
]

describe.each(ANSWERS)('a redirect callback that answers %s', (_label, answer, expected) => {
  const config = baseConfig({ callbacks: { redirect: ({ baseUrl }) => answer(baseUrl) as string } })

  it('sign-in and sign-out redirect to the checked answer, sign-out clears the session', async () => {
    const jar = new CookieJar()
    const token = await csrf(config, jar)
    const signedIn = await call(
      config,
      jar,
      '/auth/callback/credentials',
      post(`csrfToken=${token}&username=alice&password=wonderland&callbackUrl=%2Fx`),
    )
    expect(signedIn.headers.get('location')).toBe(expected)
    const out = await call(config, jar, '/auth/signout', post(`csrfToken=${token}`))
    expect(out.status).toBe(302)
    expect(out.headers.get('location')).toBe(expected)
    expectSessionCleared(out)
  })
})

describe('a redirect callback that throws', () => {
  const config = baseConfig({
    callbacks: {
      redirect: () => {
        throw new Error('boom')
      },
    },
  })

  it('sign-out still clears the session and redirects to the origin', async () => {
    const jar = new CookieJar()
    const token = await csrf(config, jar)
    await call(
      config,
      jar,
      '/auth/callback/credentials',
      post(`csrfToken=${token}&username=alice&password=wonderland`),
    )
    const out = await call(config, jar, '/auth/signout', post(`csrfToken=${token}&callbackUrl=%2Fbye`))
    expect(out.status).toBe(302)
    expect(out.headers.get('location')).toBe(ORIGIN)
    expectSessionCleared(out)
  })
})

describe('a signIn callback that answers a string', () => {
  const answers: Array<[string, string]> = [
    ['/日本', `${ORIGIN}/%E6%97%A5%E6%9C%AC`],
    ['/x\r\ny', `${ORIGIN}/xy`],
    ['javascript:alert(1)', ORIGIN],
    ['https://evil.example/', ORIGIN],
  ]
  it.each(answers)('%j goes through the redirect callback to a safe Location', async (answer, expected) => {
    const config = baseConfig({ callbacks: { signIn: () => answer, redirect: documented } })
    const jar = new CookieJar()
    const token = await csrf(config, jar)
    const res = await call(
      config,
      jar,
      '/auth/callback/credentials',
      post(`csrfToken=${token}&username=alice&password=wonderland`),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(expected)
  })
})

describe('custom pages whose paths are not Latin-1', () => {
  const config = baseConfig({
    pages: { signIn: '/ログイン', signOut: '/さようなら', error: '/エラー', newUser: '/新規' },
  })

  it('GET /signin, GET /signout and an error redirect to the percent-encoded page', async () => {
    const jar = new CookieJar()
    const signin = await call(config, jar, '/auth/signin?callbackUrl=%2F%E6%97%A5')
    expect(signin.headers.get('location')).toBe(
      `/%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3?callbackUrl=${encodeURIComponent(`${ORIGIN}/%E6%97%A5`)}`,
    )
    const signout = await call(config, jar, '/auth/signout')
    expect(signout.headers.get('location')).toBe('/%E3%81%95%E3%82%88%E3%81%86%E3%81%AA%E3%82%89')
    const error = await call(config, jar, '/auth/callback/nope')
    expect(error.headers.get('location')).toBe(
      `${ORIGIN}/%E3%82%A8%E3%83%A9%E3%83%BC?error=Configuration&code=bad_request`,
    )
    const page = await call(config, jar, '/auth/error?error=AccessDenied')
    expect(page.headers.get('location')).toBe('/%E3%82%A8%E3%83%A9%E3%83%BC?error=AccessDenied')
  })
})
