/** Concurrency and faults on the real PostgreSQL server: races, adapter errors, the database going away. */
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { migrations } from '../../src/adapters/sql/migrations.js'
import { AdapterError, SessionTokenError, type AuthError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { TcpProxy } from '../support/tcp-proxy.js'
import { POSTGRES_URL, databaseAvailable, freshPostgres } from '../support/test-databases.js'
import { SESSION, quietLogger } from './session-flow-scenarios.js'

const available = await databaseAvailable('postgres')
/** The `application_name` of the proxied pool's connections, to find them in pg_stat_activity. */
const PROXIED_APP = `gatehouse-proxied-${process.pid}`
/** The error a Gatehouse error wraps (`cause.err`). */
const causeOf = (error: Error | undefined): Error | undefined => (error as AuthError | undefined)?.cause?.err

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
      application_name: PROXIED_APP,
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

  /**
   * Holds ACCESS EXCLUSIVE on `sessions` from a direct (non-proxied) connection, so that the proxied pool's next
   * statement on it blocks; `release` rolls back, whatever happened in between.
   */
  async function lockSessions() {
    const locker = await fresh.pool.connect()
    await locker.query('BEGIN')
    await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE')
    let released = false
    return {
      async release() {
        if (released) return
        released = true
        await locker.query('ROLLBACK')
        locker.release()
      },
    }
  }

  /** Polls pg_stat_activity until a proxied backend is waiting on a lock, i.e. its statement is in flight. */
  async function untilProxiedQueryBlocks(): Promise<string> {
    const deadline = Date.now() + 5_000
    for (;;) {
      const { rows } = await fresh.pool.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [PROXIED_APP],
      )
      if (rows[0]) return rows[0].query
      if (Date.now() > deadline) throw new Error('no proxied query blocked on the lock within 5 s')
      await sleep(10)
    }
  }

  /** Sessions of alice, read on the direct pool. */
  async function aliceSessions(): Promise<number> {
    const { rows } = await fresh.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM sessions WHERE "userId" = $1',
      [aliceId],
    )
    return Number(rows[0]!.n)
  }

  it('the database going away while a session check is in flight: 503 at once, cookie kept; then 200', async () => {
    const jar = new CookieJar()
    await signIn(jar)
    const token = jar.get(SESSION)
    expect(token).toBeDefined()
    const logged = logger.errors.length
    const lock = await lockSessions()
    try {
      const pending = jarFetch(jar, `${server.origin}/auth/session`)
      expect(await untilProxiedQueryBlocks()).toMatch(/sessions/)
      const cut = Date.now()
      await proxy.stop()
      const down = await pending
      expect(Date.now() - cut).toBeLessThan(5_000)
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBe('1')
      expect(await down.json()).toBeNull()
      expect(jar.get(SESSION)).toBe(token)
      const errors = logger.errors.slice(logged)
      expect(errors).toHaveLength(1)
      const [error] = errors
      expect(error).toBeInstanceOf(SessionTokenError)
      const adapterError = causeOf(error)
      expect(adapterError).toBeInstanceOf(AdapterError)
      expect(adapterError!.message).toContain('getSessionAndUser')
      const cause = causeOf(adapterError)
      expect(cause).toBeInstanceOf(Error)
      expect(cause!.message).toMatch(/Connection terminated|ECONNRESET/)
    } finally {
      await lock.release()
      if (!proxy.listening) await proxy.start()
    }
    const back = await jarFetch(jar, `${server.origin}/auth/session`)
    expect(back.status).toBe(200)
    expect(((await back.json()) as { user: { email: string } }).user.email).toBe('alice@example.com')
    expect(jar.get(SESSION)).toBe(token)
  })

  /** Waits until the server has no backend of the proxied pool left, i.e. every orphaned statement ended. */
  async function untilProxiedBackendsGone(): Promise<void> {
    const deadline = Date.now() + 5_000
    for (;;) {
      const { rows } = await fresh.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [PROXIED_APP],
      )
      if (rows[0]!.n === 0) return
      if (Date.now() > deadline) throw new Error('proxied backends still alive after 5 s')
      await sleep(10)
    }
  }

  /**
   * A credentials sign-in whose session INSERT is blocked on the lock when the proxy is cut. With `serverSide`, the
   * server also loses its end of the connections before the lock is released, as when the database restarts; without
   * it, only the network between them is gone and the blocked backend carries on once it gets the lock.
   */
  async function signInCutMidWrite({ serverSide }: { serverSide: boolean }) {
    const logged = logger.errors.length
    const jar = new CookieJar()
    const csrf = await csrfToken(jar, server.origin)
    const lock = await lockSessions()
    try {
      const pending = jarFetch(
        jar,
        `${server.origin}/auth/callback/credentials`,
        form({ csrfToken: csrf, username: 'alice' }),
      )
      expect(await untilProxiedQueryBlocks()).toMatch(/insert into "sessions"/i)
      const cut = Date.now()
      await proxy.stop()
      const response = await pending
      const elapsed = Date.now() - cut
      if (serverSide) {
        await fresh.pool.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [PROXIED_APP],
        )
      }
      await lock.release()
      await untilProxiedBackendsGone()
      return { response, elapsed, jar, errors: logger.errors.slice(logged) }
    } finally {
      await lock.release()
      if (!proxy.listening) await proxy.start()
    }
  }

  it('the database going away while a sign-in writes its session: error=Configuration, no session row', async () => {
    const before = await aliceSessions()
    const { response, elapsed, jar, errors } = await signInCutMidWrite({ serverSide: true })
    expect(elapsed).toBeLessThan(5_000)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `${server.origin}/auth/error?error=Configuration&code=unavailable`,
    )
    expect(jar.get(SESSION)).toBeUndefined()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(AdapterError)
    expect(errors[0]!.message).toContain('createSession')
    expect(causeOf(errors[0])?.message).toMatch(/Connection terminated|ECONNRESET/)
    expect(await aliceSessions()).toBe(before)
    // Once it is back, the same browser signs in.
    const again = await signIn(jar)
    expect(again.headers.get('location')).toBe(`${server.origin}/`)
    expect(jar.get(SESSION)).toBeDefined()
    expect(await aliceSessions()).toBe(before + 1)
  })

  it('only the network going away mid-write: the server may still commit the session row, which no cookie names', async () => {
    // Known limit, not fixable by the client: a backend waiting on a lock does not notice its client is gone
    // (client_connection_check_interval, off by default, would check), so the INSERT commits once the lock is
    // released. The browser was told the sign-in failed and has no cookie; the row's key is the hash of a token
    // nobody holds, so it grants nothing and goes at its expiry.
    const before = await aliceSessions()
    const { response, jar } = await signInCutMidWrite({ serverSide: false })
    expect(response.headers.get('location')).toBe(
      `${server.origin}/auth/error?error=Configuration&code=unavailable`,
    )
    expect(jar.get(SESSION)).toBeUndefined()
    // At most that one inert row (today the server does commit it).
    expect(await aliceSessions()).toBeGreaterThanOrEqual(before)
    expect(await aliceSessions()).toBeLessThanOrEqual(before + 1)
  })

  it('a database that stops answering: the session check fails at adapterTimeout with a 503, then recovers', async () => {
    // Direct pool, no proxy: the statement simply waits on the lock, as on a server that has stopped answering.
    const patient = await serveAuth({
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter: PostgresAdapter(fresh.pool),
      adapterTimeout: 300,
      logger: quietLogger(),
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: aliceId }) })],
    })
    const lock = await lockSessions()
    try {
      const jar = new CookieJar()
      await lock.release()
      const csrf = await csrfToken(jar, patient.origin)
      await jarFetch(
        jar,
        `${patient.origin}/auth/callback/credentials`,
        form({ csrfToken: csrf, username: 'a' }),
      )
      const token = jar.get(SESSION)
      expect(token).toBeDefined()
      const held = await lockSessions()
      try {
        const started = Date.now()
        const stuck = await jarFetch(jar, `${patient.origin}/auth/session`)
        const waited = Date.now() - started
        expect(stuck.status).toBe(503)
        expect(await stuck.json()).toBeNull()
        expect(jar.get(SESSION)).toBe(token)
        expect(waited).toBeGreaterThanOrEqual(290)
        expect(waited).toBeLessThan(3_000)
      } finally {
        await held.release()
      }
      const back = await jarFetch(jar, `${patient.origin}/auth/session`)
      expect(back.status).toBe(200)
    } finally {
      await lock.release()
      await patient.close()
    }
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
      expect(results.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(
        migrations.map((m) => m.version),
      )
      expect(results.every((r) => r.current === r.latest && r.pending.length === 0)).toBe(true)
      const { rows } = await other.pool.query('SELECT version FROM gatehouse_migrations ORDER BY version')
      expect(rows).toEqual(migrations.map((m) => ({ version: m.version })))
    } finally {
      await other.drop()
    }
  })
})
