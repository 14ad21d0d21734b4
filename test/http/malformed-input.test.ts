/** Hostile and broken requests: each is a clear 4xx or redirect, never a 500 or a crash, and the server survives. */
import { describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import { MAX_BODY_BYTES } from '../../src/routing/parse-request.js'
import {
  CSRF,
  CookieJar,
  SESSION,
  baseConfig,
  csrfToken,
  form,
  jarFetch,
  rawRequest,
  signIn,
  useServer,
} from './http-helpers.js'

const server = useServer(baseConfig())

async function expectAlive(origin: string) {
  const res = await fetch(`${origin}/auth/providers`)
  expect(res.status).toBe(200)
}

describe('unknown actions and methods', () => {
  it.each(['/auth/nope', '/auth/session/extra', '/auth/providers/credentials', '/auth/', '/auth/signin/a/b'])(
    'GET %s is 400 "Bad request."',
    async (path) => {
      const res = await fetch(`${server.origin}${path}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toBe('Bad request.')
    },
  )

  it.each(['PUT', 'DELETE', 'PATCH'])('%s /auth/session is 400 "Bad request."', async (method) => {
    const res = await fetch(`${server.origin}/auth/session`, { method })
    expect(res.status).toBe(400)
    expect(await res.json()).toBe('Bad request.')
  })

  it('an unknown provider on the callback is error?error=Configuration&code=bad_request', async () => {
    const res = await fetch(`${server.origin}/auth/callback/nope`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(
      `${server.origin}/auth/error?error=Configuration&code=bad_request`,
    )
  })

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'the provider id %s is an unknown provider, not a prototype member',
    async (id) => {
      const res = await fetch(`${server.origin}/auth/callback/${id}`, { method: 'POST', redirect: 'manual' })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(
        `${server.origin}/auth/error?error=Configuration&code=bad_request`,
      )
    },
  )

  it('an unknown provider on POST /signin is error?error=Configuration&code=bad_request', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/signin/nope`, form({ csrfToken: token }))
    expect(res.headers.get('location')).toBe(
      `${server.origin}/auth/error?error=Configuration&code=bad_request`,
    )
  })

  it('a provider id with a bad percent-encoding is 400', async () => {
    const res = await fetch(`${server.origin}/auth/callback/%E0%A4%A`)
    expect(res.status).toBe(400)
  })
})

describe('malformed bodies', () => {
  const postJson = (body: string) =>
    fetch(`${server.origin}/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'manual',
    })

  it('bad JSON is 400', async () => {
    const res = await postJson('{"csrfToken": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toBe('Bad request.')
  })

  it('a JSON array body is 400', async () => {
    expect((await postJson('[1,2,3]')).status).toBe(400)
  })

  it('a JSON string body is 400', async () => {
    expect((await postJson('"csrfToken"')).status).toBe(400)
  })

  it('a JSON body with __proto__ does not pollute and is treated as a failed CSRF check', async () => {
    const res = await postJson('{"__proto__": {"polluted": true}, "username": "alice"}')
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a 10 MB body with Content-Length is 413 and the server survives', async () => {
    const res = await rawRequest(server.origin, {
      method: 'POST',
      path: '/auth/callback/credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 10 * 1024 * 1024 },
      body: Buffer.alloc(10 * 1024 * 1024, 'a'),
    })
    expect(res).toMatchObject({ status: 413 })
    await expectAlive(server.origin)
  })

  it('a 10 MB chunked body without Content-Length is 413 and the server survives', async () => {
    const res = await rawRequest(server.origin, {
      method: 'POST',
      path: '/auth/callback/credentials',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(10 * 1024 * 1024, ' '),
      chunked: 64 * 1024,
    })
    expect(res).toMatchObject({ status: 413 })
    await expectAlive(server.origin)
  })

  it('a body whose stream fails mid-read (client gone) is 400 "Bad request.", not a rejected promise', async () => {
    // wire-contract §1.4 #1: a request that cannot be parsed is a 400. A rejection would reach the framework as
    // an unhandled error (its own 500 page, with a stack in development).
    const body = new ReadableStream({
      pull(controller) {
        controller.error(new Error('connection reset by peer'))
      },
    })
    const request = new Request('http://app.test/auth/callback/credentials', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    } as RequestInit)
    const res = await Auth(request, baseConfig())
    expect(res.status).toBe(400)
    expect(await res.json()).toBe('Bad request.')
  })

  it('a body just under the cap is read (a failed CSRF check, not a 413)', async () => {
    const filler = 'x'.repeat(MAX_BODY_BYTES - 100)
    const res = await fetch(`${server.origin}/auth/callback/credentials`, {
      ...form({ username: 'alice', filler }),
      redirect: 'manual',
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
  })

  it('a lying Content-Length larger than the cap is 413 without reading', async () => {
    const res = await rawRequest(server.origin, {
      method: 'POST',
      path: '/auth/session',
      headers: { 'content-type': 'application/json', 'content-length': 1_000_000, connection: 'close' },
      body: '{}',
    })
    expect(res).toMatchObject({ status: 413 })
    await expectAlive(server.origin)
  })

  it.each([
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\nabc\r\n--x--\r\n',
    ],
    ['text/plain', 'csrfToken=abc&username=alice'],
    ['', 'csrfToken=abc'],
  ])('content type "%s" is a MissingCSRF redirect, not a crash', async (type, body) => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/callback/credentials`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: body.replace('abc', token),
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.origin}/auth/signin?error=MissingCSRF`)
  })
})

describe('malformed cookies', () => {
  const sessionWith = (cookie: string) => fetch(`${server.origin}/auth/session`, { headers: { cookie } })

  it('a ~30 KB Cookie header never crashes the server', async () => {
    const res = await rawRequest(server.origin, {
      path: '/auth/session',
      headers: { cookie: `big=${'a'.repeat(30 * 1024)}` },
    })
    // Node itself refuses headers over 16 KiB (431); either way, no 5xx and the server keeps answering.
    expect('status' in res && [200, 431].includes(res.status)).toBe(true)
    await expectAlive(server.origin)
  })

  it('a ~30 KB Cookie header given to Auth directly is parsed within bounds', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const cookie = `${jar.header()}; ${Array.from({ length: 300 }, (_, i) => `pad${i}=${'p'.repeat(100)}`).join('; ')}`
    expect(cookie.length).toBeGreaterThan(30_000)
    const res = await Auth(
      new Request(`${server.origin}/auth/session`, { headers: { cookie } }),
      baseConfig(),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { name: 'Alice' } })
  })

  it('a bad percent-encoding in the session cookie is null, not a crash', async () => {
    const res = await sessionWith(`${SESSION}=%E0%A4%A; ${CSRF}=%ZZ`)
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it('__proto__ and constructor cookies are ordinary names', async () => {
    const res = await sessionWith(`__proto__=1; constructor=2; toString=3; ${SESSION}.__proto__=4`)
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it('300 cookie pairs are fine', async () => {
    const res = await sessionWith(Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; '))
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it('cookies without = , empty names and stray semicolons are fine', async () => {
    const res = await sessionWith(`;;; =x; novalue; ${SESSION}=; a==b`)
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })

  it('a session chunk gap (.0 and .2 without .1) is no session', async () => {
    const jar = new CookieJar()
    await signIn(jar, server.origin)
    const value = jar.values.get(SESSION)!
    const res = await sessionWith(`${SESSION}.0=${value.slice(0, 100)}; ${SESSION}.2=${value.slice(100)}`)
    expect(await res.json()).toBeNull()
  })
})
