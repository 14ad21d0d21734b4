/**
 * Wire compatibility with @auth/core 0.41.3: both behind real servers with the same secret; session and CSRF cookies
 * minted by one are accepted by the other, and large sessions are chunked under the same names.
 */
import { Auth as AuthJs, type AuthConfig as AuthJsConfig } from '@auth/core'
import CredentialsJs from '@auth/core/providers/credentials'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JWT } from '../../src/types.js'
import {
  ALICE,
  CSRF,
  CookieJar,
  SECRET,
  SESSION,
  aliceCredentials,
  baseConfig,
  csrfToken,
  form,
  getSession,
  homePattern,
  jarFetch,
  serveHandler,
  setCookies,
  signIn,
} from './http-helpers.js'
import { serveAuth } from '../support/serve-auth.js'

type Served = { origin: string; close(): Promise<void> }

const BIG = 'q'.repeat(6000)
const NEW = 'interop-new-secret-0123456789abcdef0123'
const OLD = 'interop-old-secret-0123456789abcdef0123'
const quiet = { error: () => {}, warn: () => {}, debug: () => {} }

function authJsConfig(secret: string | string[], big = false): AuthJsConfig {
  return {
    secret,
    trustHost: true,
    basePath: '/auth',
    logger: quiet,
    providers: [
      CredentialsJs({
        credentials: { username: {}, password: {} },
        authorize: (c) =>
          c.username === 'alice' && c.password === 'wonderland'
            ? { id: ALICE.id!, name: 'Alice', email: 'alice@example.test' }
            : null,
      }),
    ],
    ...(big ? { callbacks: { jwt: ({ token }) => ({ ...token, big: BIG }) } } : {}),
  }
}

async function serveAuthJs(config: AuthJsConfig): Promise<Served> {
  return serveHandler((request) => AuthJs(request, config))
}

const servers: Served[] = []
let authjs: Served
let gatehouse: Served
let authjsBig: Served
let gatehouseBig: Served
let authjsRotated: Served
let gatehouseRotated: Served

beforeAll(async () => {
  ;[authjs, gatehouse, authjsBig, gatehouseBig, authjsRotated, gatehouseRotated] = await Promise.all([
    serveAuthJs(authJsConfig(SECRET)),
    serveAuth(baseConfig()),
    serveAuthJs(authJsConfig(SECRET, true)),
    serveAuth(baseConfig({ callbacks: { jwt: ({ token }) => ({ ...token, big: BIG }) as JWT } })),
    serveAuthJs(authJsConfig([NEW, OLD])),
    serveAuth(baseConfig({ secret: [NEW, OLD], providers: [aliceCredentials()] })),
  ])
  servers.push(authjs, gatehouse, authjsBig, gatehouseBig, authjsRotated, gatehouseRotated)
})

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

const alice = { username: 'alice', password: 'wonderland' }

describe('session cookies', () => {
  it('a session minted by an Auth.js credentials sign-in is accepted by Gatehouse', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, authjs.origin)
    expect(res.status).toBe(302)
    expect(jar.values.has(SESSION)).toBe(true)
    const { body } = await getSession(jar, gatehouse.origin)
    expect(body).toMatchObject({ user: { name: 'Alice', email: 'alice@example.test' } })
  })

  it('a session minted by Gatehouse is accepted by Auth.js', async () => {
    const jar = new CookieJar()
    expect((await signIn(jar, gatehouse.origin)).status).toBe(302)
    const { body } = await getSession(jar, authjs.origin)
    expect(body).toMatchObject({ user: { name: 'Alice', email: 'alice@example.test' } })
  })

  it('a foreign-secret control: Auth.js does not accept a token of another secret', async () => {
    const other = await serveAuth(baseConfig({ secret: 'a-different-secret-0123456789abcdef' }))
    try {
      const jar = new CookieJar()
      await signIn(jar, other.origin)
      expect((await getSession(jar, authjs.origin)).body).toBeNull()
    } finally {
      await other.close()
    }
  })

  it('a large session is chunked under the same cookie names by both, and each reads the other’s chunks', async () => {
    const fromAuthJs = new CookieJar()
    const a = await signIn(fromAuthJs, authjsBig.origin)
    const fromGatehouse = new CookieJar()
    const g = await signIn(fromGatehouse, gatehouseBig.origin)
    const names = (res: Response) =>
      setCookies(res)
        .filter((c) => c.name.startsWith(SESSION) && c.value !== '')
        .map((c) => c.name)
    expect(names(a).length).toBeGreaterThanOrEqual(2)
    expect(names(g)).toStrictEqual(names(a))
    const lengths = (res: Response) =>
      setCookies(res)
        .filter((c) => c.name.startsWith(SESSION))
        .slice(0, -1)
        .map((c) => c.value.length)
    expect(lengths(g)).toStrictEqual(lengths(a))
    expect((await getSession(fromAuthJs, gatehouseBig.origin)).body).toMatchObject({
      user: { name: 'Alice' },
    })
    expect((await getSession(fromGatehouse, authjsBig.origin)).body).toMatchObject({
      user: { name: 'Alice' },
    })
  })
})

describe('CSRF cookies', () => {
  it('a CSRF cookie minted by Auth.js /csrf verifies in Gatehouse', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, authjs.origin)
    expect(jar.values.has(CSRF)).toBe(true)
    const res = await jarFetch(
      jar,
      `${gatehouse.origin}/auth/callback/credentials`,
      form({ csrfToken: token, ...alice }),
    )
    expect(res.status).toBe(302)
    // Auth.js also set a callback-url cookie naming its own origin (another port): Gatehouse rejects it.
    expect(res.headers.get('location')).toMatch(homePattern(gatehouse.origin))
    expect(jar.values.has(SESSION)).toBe(true)
  })

  it('a CSRF cookie minted by Gatehouse /csrf verifies in Auth.js', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, gatehouse.origin)
    const res = await jarFetch(
      jar,
      `${authjs.origin}/auth/callback/credentials`,
      form({ csrfToken: token, ...alice }),
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).not.toContain('error=')
    expect(jar.values.has(SESSION)).toBe(true)
  })

  it('a control: a wrong token fails in Auth.js too', async () => {
    const jar = new CookieJar()
    await csrfToken(jar, gatehouse.origin)
    const res = await jarFetch(
      jar,
      `${authjs.origin}/auth/callback/credentials`,
      form({ csrfToken: 'f'.repeat(64), ...alice }),
    )
    expect(res.headers.get('location')).toContain('error=MissingCSRF')
  })

  it('with a rotation array, a cookie Auth.js hashed with the comma-joined secrets verifies in Gatehouse', async () => {
    const jar = new CookieJar()
    const token = await csrfToken(jar, authjsRotated.origin)
    const res = await jarFetch(
      jar,
      `${gatehouseRotated.origin}/auth/callback/credentials`,
      form({ csrfToken: token, ...alice }),
    )
    expect(res.headers.get('location')).toMatch(homePattern(gatehouseRotated.origin))
    expect(jar.values.has(SESSION)).toBe(true)
    // And the session the rotated Auth.js mints (encrypted with the first secret) reads in Gatehouse.
    const fromAuthJs = new CookieJar()
    await signIn(fromAuthJs, authjsRotated.origin)
    expect((await getSession(fromAuthJs, gatehouseRotated.origin)).body).toMatchObject({
      user: { name: 'Alice' },
    })
  })
})
