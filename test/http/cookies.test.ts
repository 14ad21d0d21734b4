/** Cookie names, prefixes, attributes and chunk sizes (wire-contract §1.7), and one negative test per bad session cookie. */
import { describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
import type { AuthConfig } from '../../src/types.js'
import {
  CookieJar,
  SECRET,
  SESSION,
  baseConfig,
  clears,
  getSession,
  recordingLogger,
  setCookie,
  setCookies,
  signIn,
  useServer,
} from './http-helpers.js'

const claims = { name: 'Alice', email: 'alice@example.test', sub: 'user-1' }

describe('session cookie negative tests: null and the cookie cleared', () => {
  const logger = recordingLogger()
  const server = useServer(baseConfig({ logger }))

  async function expectRejected(value: string) {
    logger.errors.length = 0
    const jar = new CookieJar()
    jar.values.set(SESSION, value)
    const { res, body } = await getSession(jar, server.origin)
    expect(res.status).toBe(200)
    expect(body).toBeNull()
    expect(clears(res, SESSION)).toBe(true)
    expect(jar.values.has(SESSION)).toBe(false)
    expect(logger.errors.map((e) => (e as { type?: string }).type)).toContain('JWTSessionError')
  }

  it('a tampered session cookie (one ciphertext character flipped)', async () => {
    const token = await new SessionJwe(SECRET, SESSION).encrypt(claims, 3600)
    const parts = token.split('.')
    const ct = parts[3]!
    parts[3] = (ct[0] === 'A' ? 'B' : 'A') + ct.slice(1)
    await expectRejected(parts.join('.'))
  })

  it('a tampered session cookie (authentication tag replaced)', async () => {
    const token = await new SessionJwe(SECRET, SESSION).encrypt(claims, 3600)
    const parts = token.split('.')
    parts[4] = Buffer.alloc(32).toString('base64url')
    await expectRejected(parts.join('.'))
  })

  it('an expired session cookie', async () => {
    await expectRejected(await new SessionJwe(SECRET, SESSION).encrypt(claims, 60, Date.now() - 3600_000))
  })

  it('a session cookie made with a foreign secret', async () => {
    await expectRejected(
      await new SessionJwe('someone-elses-secret-0123456789abcdef', SESSION).encrypt(claims, 3600),
    )
  })

  it('a session cookie made with our secret but another salt (the __Secure- cookie name)', async () => {
    await expectRejected(await new SessionJwe(SECRET, `__Secure-${SESSION}`).encrypt(claims, 3600))
  })

  it('a session cookie that is not a JWE at all', async () => {
    await expectRejected('not-a-token')
  })

  it('a control: a valid cookie is accepted (the checks above are not vacuous)', async () => {
    const jar = new CookieJar()
    jar.values.set(SESSION, await new SessionJwe(SECRET, SESSION).encrypt(claims, 3600))
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alice' } })
  })
})

describe('secure cookies on https', () => {
  const config: AuthConfig = baseConfig()

  it('the CSRF cookie is __Host- with Secure, and the session cookie __Secure-', async () => {
    const csrf = await Auth(new Request('https://app.test/auth/csrf'), config)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const csrfCookie = setCookie(csrf, '__Host-authjs.csrf-token')!
    expect(csrfCookie).toBeDefined()
    expect(csrfCookie.attributes.has('secure')).toBe(true)
    expect(csrfCookie.attributes.has('domain')).toBe(false)
    expect(csrfCookie.attributes.get('path')).toBe('/')

    const res = await Auth(
      new Request('https://app.test/auth/callback/credentials', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `__Host-authjs.csrf-token=${csrfCookie.value}`,
        },
        body: new URLSearchParams({ csrfToken, username: 'alice', password: 'wonderland' }).toString(),
      }),
      config,
    )
    expect(res.status).toBe(302)
    const session = setCookie(res, `__Secure-${SESSION}`)!
    expect(session).toBeDefined()
    expect(session.attributes.has('secure')).toBe(true)
    expect(session.attributes.has('httponly')).toBe(true)
    expect(setCookie(res, SESSION)).toBeUndefined()
    // The secure cookie's key is salted with its own name.
    expect(
      (await new SessionJwe(SECRET, `__Secure-${SESSION}`).decrypt(session.value))?.payload,
    ).toMatchObject(claims)
  })

  it('an insecure-named cookie is not read on https', async () => {
    const token = await new SessionJwe(SECRET, SESSION).encrypt(claims, 3600)
    const res = await Auth(
      new Request('https://app.test/auth/session', { headers: { cookie: `${SESSION}=${token}` } }),
      config,
    )
    expect(await res.json()).toBeNull()
  })
})

describe('useSecureCookies: true over plain http', () => {
  const server = useServer(baseConfig({ useSecureCookies: true }))

  it('uses the prefixed names', async () => {
    const res = await fetch(`${server.origin}/auth/csrf`)
    expect(setCookies(res).map((c) => c.name)).toStrictEqual(['__Host-authjs.csrf-token'])
  })
})

describe('cookie overrides', () => {
  const server = useServer(
    baseConfig({ cookies: { sessionToken: { name: 'app.session', options: { sameSite: 'strict' } } } }),
  )

  it('a renamed session cookie is written, salted and read under its new name', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, server.origin)
    const cookie = setCookie(res, 'app.session')!
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('strict')
    expect(cookie.attributes.has('httponly')).toBe(true)
    expect(await new SessionJwe(SECRET, 'app.session').decrypt(cookie.value)).not.toBeNull()
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alice' } })
  })
})

describe('chunking', () => {
  const server = useServer(
    baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, blob: 'z'.repeat(6000) }) } }),
  )

  it('chunks are 3936 characters except the last, and read back as one token', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, server.origin)
    const chunks = setCookies(res).filter((c) => c.name.startsWith(`${SESSION}.`))
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    for (const c of chunks.slice(0, -1)) expect(c.value.length).toBe(3936)
    expect(chunks.at(-1)!.value.length).toBeLessThanOrEqual(3936)
    for (const c of chunks) expect(c.attributes.has('expires')).toBe(true)
    const token = chunks.map((c) => c.value).join('')
    expect((await new SessionJwe(SECRET, SESSION).decrypt(token))?.payload.blob).toBe('z'.repeat(6000))
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alice' } })
  })
})
