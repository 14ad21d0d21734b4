/** JWT sessions over HTTP: updateAge, re-issue, jwt callback null, secret rotation, chunking, expires. */
import { describe, expect, it } from 'vitest'
import { cryptoBackend as nodeCryptoBackend } from '../../src/crypto/node/node-crypto-backend.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
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
  useServer,
} from './http-helpers.js'

const DAY = 86_400
const claims = { name: 'Alice', email: 'alice@example.test', sub: 'user-1' }

function mint(secret: string | string[], ageMs = 0, maxAge = 30 * DAY): string {
  // Minted by the Node backend whichever backend the suite runs on: tokens cross between the two.
  return new SessionJwe(secret, SESSION, nodeCryptoBackend).encrypt(
    claims,
    maxAge,
    Date.now() - ageMs,
  ) as string
}

function jarWith(value: string): CookieJar {
  const jar = new CookieJar()
  jar.values.set(SESSION, value)
  return jar
}

function sessionValues(res: Response): string[] {
  return setCookies(res)
    .filter((c) => c.name.startsWith(SESSION) && c.value !== '')
    .map((c) => c.value)
}

describe('updateAge (default one day)', () => {
  const server = useServer(baseConfig())

  it('a token younger than updateAge is not re-issued, and expires is the token’s own exp', async () => {
    const token = mint(SECRET, 3600_000)
    const exp = (await new SessionJwe(SECRET, SESSION).decrypt(token))!.payload.exp!
    const { res, body } = await getSession(jarWith(token), server.origin)
    expect(body).toMatchObject({ user: { name: 'Alice', email: 'alice@example.test' } })
    expect(res.headers.getSetCookie()).toEqual([])
    expect((body as { expires: string }).expires).toBe(new Date(exp * 1000).toISOString())
  })

  it('a token older than updateAge is re-issued with a new iat and expires moves to now + maxAge', async () => {
    const before = Date.now()
    const { res, body } = await getSession(jarWith(mint(SECRET, 2 * DAY * 1000)), server.origin)
    const [value] = sessionValues(res)
    expect(value).toBeDefined()
    const payload = (await new SessionJwe(SECRET, SESSION).decrypt(value!))!.payload
    expect(Math.abs(payload.iat! - before / 1000)).toBeLessThan(5)
    expect(payload).toMatchObject(claims)
    const expires = Date.parse((body as { expires: string }).expires)
    expect(Math.abs(expires - (before + 30 * DAY * 1000))).toBeLessThan(5_000)
    const cookie = setCookie(res, SESSION)!
    expect(Math.abs(Date.parse(cookie.attributes.get('expires')!) - expires)).toBeLessThan(1_000)
  })
  // A fresh sign-in checked many times without a cookie, and updateAge 0: test/support/session-strategy-suite.ts.
})

describe('the jwt callback', () => {
  let mode: 'same' | 'change' | 'null' | 'big' | 'mutate' = 'same'
  const server = useServer(
    baseConfig({
      callbacks: {
        jwt: ({ token }) => {
          if (mode === 'null') return null
          if (mode === 'change') return { ...token, visits: ((token.visits as number | undefined) ?? 0) + 1 }
          if (mode === 'big') return { ...token, blob: 'b'.repeat(7000) }
          if (mode === 'mutate') {
            // Changes the decoded token in place, as many apps' callbacks do.
            token.visits = ((token.visits as number | undefined) ?? 0) + 1
            return token
          }
          const { blob: _blob, ...rest } = token
          return rest
        },
      },
    }),
  )

  it('returning the token unchanged re-issues nothing', async () => {
    mode = 'same'
    const { res, body } = await getSession(jarWith(mint(SECRET)), server.origin)
    expect(body).not.toBeNull()
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('changing the token re-issues it with the change', async () => {
    mode = 'change'
    const { res } = await getSession(jarWith(mint(SECRET)), server.origin)
    const [value] = sessionValues(res)
    expect((await new SessionJwe(SECRET, SESSION).decrypt(value!))!.payload.visits).toBe(1)
  })

  it('a callback that changes the token in place never sees an earlier check’s change (remembered tokens)', async () => {
    mode = 'mutate'
    const token = mint(SECRET)
    for (let i = 0; i < 3; i++) {
      const { res } = await getSession(jarWith(token), server.origin)
      const [value] = sessionValues(res)
      expect((await new SessionJwe(SECRET, SESSION).decrypt(value!))!.payload.visits).toBe(1)
    }
  })

  it('returning null clears the cookie and answers null', async () => {
    mode = 'null'
    const jar = jarWith(mint(SECRET))
    const { res, body } = await getSession(jar, server.origin)
    expect(body).toBeNull()
    expect(clears(res, SESSION)).toBe(true)
    expect(jar.values.has(SESSION)).toBe(false)
  })

  it('a big claim is chunked as .0 .1 …, and shrinking it later clears the stale chunks', async () => {
    mode = 'big'
    const jar = jarWith(mint(SECRET))
    const grown = await getSession(jar, server.origin)
    const names = setCookies(grown.res)
      .filter((c) => c.name.startsWith(SESSION) && c.value !== '')
      .map((c) => c.name)
    expect(names.length).toBeGreaterThanOrEqual(2)
    expect(names).toStrictEqual(names.map((_, i) => `${SESSION}.${i}`))
    // The unchunked cookie the request carried is cleared.
    expect(clears(grown.res, SESSION)).toBe(true)
    expect(jar.values.has(SESSION)).toBe(false)

    mode = 'same'
    const shrunk = await getSession(jar, server.origin)
    expect(shrunk.body).toMatchObject({ user: { name: 'Alice' } })
    expect(sessionValues(shrunk.res)).toHaveLength(1)
    for (const name of names) expect(clears(shrunk.res, name), name).toBe(true)
    expect([...jar.values.keys()].filter((n) => n.startsWith(SESSION))).toStrictEqual([SESSION])
  })
})

describe('secret rotation', () => {
  const server = useServer(
    baseConfig({
      secret: ['new-secret-0123456789abcdef0123456789', 'old-secret-0123456789abcdef0123456789'],
    }),
  )

  it('a token made with the old secret is accepted and re-issued with the new one', async () => {
    const old = mint('old-secret-0123456789abcdef0123456789')
    const { res, body } = await getSession(jarWith(old), server.origin)
    expect(body).toMatchObject({ user: { name: 'Alice' } })
    const [value] = sessionValues(res)
    expect(value).toBeDefined()
    expect(
      (await new SessionJwe('new-secret-0123456789abcdef0123456789', SESSION).decrypt(value!))?.payload,
    ).toMatchObject(claims)
    expect(await new SessionJwe('old-secret-0123456789abcdef0123456789', SESSION).decrypt(value!)).toBeNull()
  })

  it('a fresh token made with the new secret is not re-issued', async () => {
    const { res, body } = await getSession(
      jarWith(mint('new-secret-0123456789abcdef0123456789')),
      server.origin,
    )
    expect(body).not.toBeNull()
    expect(res.headers.getSetCookie()).toEqual([])
  })
})

describe('remembered tokens (the verified-token cache)', () => {
  const server = useServer(baseConfig())

  it('a tampered copy of a token just accepted is refused and cleared', async () => {
    const token = mint(SECRET)
    for (let i = 0; i < 2; i++) {
      expect((await getSession(jarWith(token), server.origin)).body).toMatchObject({
        user: { name: 'Alice' },
      })
    }
    const parts = token.split('.')
    for (const segment of [0, 2, 3, 4]) {
      const copy = [...parts]
      const text = copy[segment]!
      copy[segment] = `${text.slice(0, 5)}${text[5] === 'A' ? 'B' : 'A'}${text.slice(6)}`
      const { res, body } = await getSession(jarWith(copy.join('.')), server.origin)
      expect(body).toBeNull()
      expect(clears(res, SESSION)).toBe(true)
    }
  })

  it('a token of a retired secret stays refused after a token of the current one was accepted', async () => {
    expect((await getSession(jarWith(mint(SECRET)), server.origin)).body).not.toBeNull()
    const { body } = await getSession(jarWith(mint('retired-secret-0123456789abcdef0123')), server.origin)
    expect(body).toBeNull()
  })
})

describe('a custom jwt.decode', () => {
  const plain = (claims: Record<string, unknown>) => Buffer.from(JSON.stringify(claims)).toString('base64url')
  const logger = recordingLogger()
  const server = useServer(
    baseConfig({
      logger,
      jwt: {
        encode: ({ token }) => plain(token ?? {}),
        decode: ({ token }) => {
          if (token === 'throws') throw new Error('undecodable')
          return JSON.parse(Buffer.from(token ?? '', 'base64url').toString()) as Record<string, unknown>
        },
      },
    }),
  )

  it('reads the session from what it returns, without re-issuing a fresh token', async () => {
    const iat = Math.floor(Date.now() / 1000)
    const { res, body } = await getSession(jarWith(plain({ ...claims, iat, exp: iat + DAY })), server.origin)
    expect(body).toMatchObject({ user: { name: 'Alice', email: 'alice@example.test' } })
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('that throws gives no session and clears the cookie, never a failure', async () => {
    const { res, body } = await getSession(jarWith('throws'), server.origin)
    expect(res.status).toBe(200)
    expect(body).toBeNull()
    expect(clears(res, SESSION)).toBe(true)
    // Treated as a token that does not decode, not as a failing session read.
    expect(logger.errors.map((e) => (e as { reason?: string }).reason)).toContain('session_token_invalid')
  })
})
