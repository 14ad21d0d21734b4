/** Concurrency and faults on the real PostgreSQL server: races, adapter errors, the database going away. */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe.skipIf(!available)('PostgreSQL: concurrency and faults', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  let proxied: pg.Pool
  const proxy = new TcpProxy(new URL(POSTGRES_URL).hostname, Number(new URL(POSTGRES_URL).port || 5432))
  let server: ServedAuth
  const logger = quietLogger()
  let aliceId = ''

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
    // A dropped connection is reported on the idle client; the pool replaces it.
    proxied.on('error', () => {})
    const adapter = PostgresAdapter(proxied)
    aliceId = (
      await adapter.createUser({
        id: crypto.randomUUID(),
        email: 'alice@example.com',
        emailVerified: null,
        name: 'Alice',
      })
    ).id
    const config: AuthConfig = {
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter,
      logger,
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: aliceId }) })],
    }
    server = await serveAuth(config)
  })
  afterAll(async () => {
    await server?.close()
    await proxied?.end()
    await proxy.stop()
    await fresh?.drop()
  })

  async function signIn(jar: CookieJar) {
    const csrf = await csrfToken(jar, server.origin)
    return jarFetch(
      jar,
      `${server.origin}/auth/callback/credentials`,
      form({ csrfToken: csrf, username: 'alice' }),
    )
  }

  it('the database going away mid-session: a clear 503, cookie kept; the next request works once it is back', async () => {
    const jar = new CookieJar()
    await signIn(jar)
    const token = jar.get(SESSION)
    expect(token).toBeDefined()
    await proxy.stop()
    const started = Date.now()
    const down = await jarFetch(jar, `${server.origin}/auth/session`)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(down.status).toBe(503)
    expect(await down.json()).toBeNull()
    expect(jar.get(SESSION)).toBe(token)
    expect(logger.errors.some((e) => e.message.includes('getSessionAndUser'))).toBe(true)

    // A sign-in while it is down: a redirect to the error page, not a hang or a 500 with a stack.
    const failed = await signIn(new CookieJar())
    expect(failed.status).toBe(302)
    expect(failed.headers.get('location')).toContain('error=Configuration')
    expect(logger.errors.some((e) => e instanceof AdapterError && e.cause?.err instanceof Error)).toBe(true)

    await proxy.start()
    const back = await jarFetch(jar, `${server.origin}/auth/session`)
    expect(back.status).toBe(200)
    expect(((await back.json()) as { user: { email: string } }).user.email).toBe('alice@example.com')
  })

  it('concurrent sign-ins and session reads do not interfere', async () => {
    const jars = Array.from({ length: 8 }, () => new CookieJar())
    await Promise.all(jars.map((jar) => signIn(jar)))
    const bodies = await Promise.all(
      jars.map(
        async (jar) => (await jarFetch(jar, `${server.origin}/auth/session`)).json() as Promise<unknown>,
      ),
    )
    expect(bodies.every((b) => (b as { user: { email: string } }).user.email === 'alice@example.com')).toBe(
      true,
    )
    const { rows } = await fresh.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM sessions WHERE "userId" = $1',
      [aliceId],
    )
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(8)
  })

  it('concurrent migration runs apply each version once', async () => {
    const other = await freshPostgres()
    try {
      const results = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const pool = new pg.Pool({
            connectionString: POSTGRES_URL,
            options: `-c search_path=${other.schema}`,
            max: 1,
          })
          try {
            return await migrate(pool)
          } finally {
            await pool.end()
          }
        }),
      )
      expect(results.flatMap((r) => r.applied)).toEqual([1])
      expect(results.every((r) => r.current === r.latest && r.pending.length === 0)).toBe(true)
      const { rows } = await other.pool.query('SELECT version FROM gatehouse_migrations')
      expect(rows).toEqual([{ version: 1 }])
    } finally {
      await other.drop()
    }
  })
})
