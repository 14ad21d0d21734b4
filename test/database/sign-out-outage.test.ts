/**
 * Defect 1 of issue #26: a sign-out while the database is unreachable was answered as done (redirect, cookie
 * cleared) while the session row survived, so a copied cookie signed in again once the database was back. Now the
 * sign-out is answered as failed (503: the error page, or JSON) and the cookie is kept for a retry; a sign-out that
 * is answered as done has ended the session. The outage is real: the pool reaches PostgreSQL through a TCP proxy
 * that is cut.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { AdapterError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { TcpProxy } from '../support/tcp-proxy.js'
import { POSTGRES_URL, databaseAvailable, freshPostgres } from '../support/test-databases.js'
import { SESSION, quietLogger } from './session-flow-scenarios.js'

const available = await databaseAvailable('postgres')

describe.skipIf(!available)('sign-out while PostgreSQL is unreachable', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  let proxied: pg.Pool
  const proxy = new TcpProxy(new URL(POSTGRES_URL).hostname, Number(new URL(POSTGRES_URL).port || 5432))
  let server: ServedAuth
  const logger = quietLogger()

  beforeAll(async () => {
    fresh = await freshPostgres()
    await migrate(fresh.pool)
    await proxy.start()
    const url = new URL(POSTGRES_URL)
    url.port = String(proxy.port)
    proxied = new pg.Pool({
      connectionString: url.href,
      options: `-c search_path=${fresh.schema}`,
      connectionTimeoutMillis: 1000,
      max: 3,
    })
    const adapter = PostgresAdapter(proxied, { onConnectionError: () => {} })
    const user = await adapter.createUser({
      id: crypto.randomUUID(),
      email: 'bob@example.com',
      emailVerified: null,
      name: 'Bob',
    })
    const config: AuthConfig = {
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter,
      logger,
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: user.id }) })],
    }
    server = await serveAuth(config)
  })
  afterAll(async () => {
    await server?.close()
    await proxied?.end()
    await proxy.stop()
    await fresh?.drop()
  })

  async function signedIn(): Promise<CookieJar> {
    const jar = new CookieJar()
    const csrf = await csrfToken(jar, server.origin)
    await jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials`,
      form({ csrfToken: csrf, username: 'bob' }),
    )
    expect(jar.get(SESSION)).toBeDefined()
    return jar
  }

  /** A copy of the browser's cookies, as a thief would hold them. */
  function copyOf(jar: CookieJar): CookieJar {
    const copy = new CookieJar()
    for (const [k, v] of jar.values) copy.values.set(k, v)
    return copy
  }

  const sessionOf = async (jar: CookieJar) => {
    const response = await jarFetch(jar, `${server.origin}/auth/session`)
    return { status: response.status, body: (await response.json()) as { user?: { email: string } } | null }
  }

  const signOut = async (jar: CookieJar, headers: Record<string, string> = {}) => {
    const csrf = await csrfToken(jar, server.origin)
    const init = form({ csrfToken: csrf, callbackUrl: `${server.origin}/bye` })
    return jarFetch(jar, `${server.origin}/auth/signout`, {
      ...init,
      headers: { ...init.headers, ...headers },
    })
  }

  it('a form sign-out: the error page (503), the cookie kept; after the outage the retry ends the session', async () => {
    const jar = await signedIn()
    const stolen = copyOf(jar)
    const token = jar.get(SESSION)
    const logged = logger.errors.length
    await proxy.stop()
    try {
      const failed = await signOut(jar)
      expect(failed.status).toBe(302)
      expect(failed.headers.get('location')).toBe(
        `${server.origin}/auth/error?error=Configuration&code=unavailable`,
      )
      expect(failed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false)
      expect(jar.get(SESSION)).toBe(token)
      const page = await fetch(failed.headers.get('location')!)
      expect(page.status).toBe(503)
      expect(logger.errors.slice(logged).some((e) => e instanceof AdapterError)).toBe(true)
    } finally {
      await proxy.start()
    }
    // Not reported done, and indeed not done: the session is still there, for the retry.
    expect((await sessionOf(jar)).body?.user?.email).toBe('bob@example.com')
    const done = await signOut(jar)
    expect(done.headers.get('location')).toBe(`${server.origin}/bye`)
    expect(jar.get(SESSION)).toBeUndefined()
    // Reported done, and done: the copied cookie signs nobody in.
    expect((await sessionOf(stolen)).body).toBeNull()
    const { rows } = await fresh.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions')
    expect(rows[0]!.n).toBe(0)
  })

  it('a client sign-out (X-Auth-Return-Redirect): JSON 503 with the error page URL, no cookie cleared', async () => {
    const jar = await signedIn()
    const token = jar.get(SESSION)
    await proxy.stop()
    try {
      const failed = await signOut(jar, { 'X-Auth-Return-Redirect': '1' })
      expect(failed.status).toBe(503)
      expect(await failed.json()).toEqual({
        url: `${server.origin}/auth/error?error=Configuration&code=unavailable`,
      })
      expect(failed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false)
      expect(jar.get(SESSION)).toBe(token)
    } finally {
      await proxy.start()
    }
    const done = await signOut(jar, { 'X-Auth-Return-Redirect': '1' })
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ url: `${server.origin}/bye` })
    expect(jar.get(SESSION)).toBeUndefined()
  })
})

describe('sign-out with an adapter that throws for a row it does not have (Prisma-style)', () => {
  const memory = MemoryAdapter()
  const adapter: Adapter = {
    ...memory,
    deleteSession(token) {
      if (!memory.store.sessions.has(token)) throw new Error('Record to delete does not exist.')
      return memory.deleteSession(token)
    },
  }
  let server: ServedAuth
  beforeAll(async () => {
    memory.store.users.set('carol', {
      id: 'carol',
      name: 'Carol',
      email: 'carol@example.com',
      emailVerified: null,
    })
    server = await serveAuth({
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter,
      logger: quietLogger(),
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: 'carol' }) })],
    })
  })
  afterAll(() => server?.close())

  it('a cookie whose session is already gone: the sign-out is done (the failed delete is read back as gone)', async () => {
    const jar = new CookieJar()
    let csrf = await csrfToken(jar, server.origin)
    await jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials`,
      form({ csrfToken: csrf, username: 'c' }),
    )
    expect(jar.get(SESSION)).toBeDefined()
    memory.store.sessions.clear() // pruned, or ended on another device
    csrf = await csrfToken(jar, server.origin)
    const response = await jarFetch(
      jar,
      `${server.origin}/auth/signout`,
      form({ csrfToken: csrf, callbackUrl: `${server.origin}/bye` }),
    )
    expect(response.headers.get('location')).toBe(`${server.origin}/bye`)
    expect(jar.get(SESSION)).toBeUndefined()
  })
})
