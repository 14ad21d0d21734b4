/** Faults on the real MariaDB server: the database going away before and during a request, then coming back. */
import { setTimeout as sleep } from 'node:timers/promises'
import { createPool, type Pool } from 'mysql2'
import type { PoolConnection } from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MySQLAdapter, migrate } from '../../src/adapters/mysql.js'
import { AdapterError, SessionTokenError, type AuthError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { TcpProxy } from '../support/tcp-proxy.js'
import { MARIADB_URL, databaseAvailable, freshMariaDb } from '../support/test-databases.js'
import { SESSION, quietLogger } from './session-flow-scenarios.js'

const available = await databaseAvailable('mariadb')

/** What mysql2 says when the connection of a command in flight, or the server, is gone. */
const CONNECTION_LOST = /Connection lost|ECONNRESET|ECONNREFUSED|closed state|connect ETIMEDOUT/

/** The error a Gatehouse error wraps (`cause.err`). */
const causeOf = (error: Error | undefined): Error | undefined => (error as AuthError | undefined)?.cause?.err

describe.skipIf(!available)('MariaDB: the database going away', () => {
  let fresh: Awaited<ReturnType<typeof freshMariaDb>>
  let proxied: Pool
  const target = new URL(MARIADB_URL)
  const proxy = new TcpProxy(target.hostname, Number(target.port || 3306))
  let server: ServedAuth
  const logger = quietLogger()
  let aliceId = ''

  beforeAll(async () => {
    fresh = await freshMariaDb()
    await migrate(fresh.pool)
    await proxy.start()
    const url = new URL(MARIADB_URL)
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    url.pathname = `/${fresh.database}`
    proxied = createPool({ uri: url.href, timezone: 'Z', connectTimeout: 1000, connectionLimit: 3 })
    const adapter = MySQLAdapter(proxied)
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
    await proxied?.promise().end()
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

  async function sessionCheck(jar: CookieJar) {
    return jarFetch(jar, `${server.origin}/auth/session`)
  }

  async function aliceSessions(): Promise<number> {
    const [rows] = await fresh.pool
      .promise()
      .query('SELECT count(*) AS n FROM sessions WHERE userId = ?', [aliceId])
    return Number((rows as Array<{ n: number }>)[0]!.n)
  }

  /** Takes `LOCK TABLES sessions WRITE` on a direct (non-proxied) connection; `release` unlocks. */
  async function lockSessions() {
    const locker: PoolConnection = await fresh.pool.promise().getConnection()
    await locker.query('LOCK TABLES sessions WRITE')
    let released = false
    return {
      threadId: locker.threadId,
      async release() {
        if (released) return
        released = true
        await locker.query('UNLOCK TABLES')
        locker.release()
      },
    }
  }

  /** Polls the process list until a statement of another connection waits on the lock; returns its thread id. */
  async function untilQueryBlocks(lockerId: number): Promise<{ id: number; info: string }> {
    const deadline = Date.now() + 5_000
    for (;;) {
      const [rows] = await fresh.pool.promise().query(
        `SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST
           WHERE DB = ? AND ID <> ? AND STATE LIKE 'Waiting for table%lock'`,
        [fresh.database, lockerId],
      )
      const [blocked] = rows as Array<{ id: number; info: string }>
      if (blocked) return blocked
      if (Date.now() > deadline) throw new Error('no query blocked on the lock within 5 s')
      await sleep(10)
    }
  }

  /** Waits until thread `id` has left the process list, i.e. the server finished what it was doing. */
  async function untilThreadGone(id: number): Promise<void> {
    const deadline = Date.now() + 5_000
    for (;;) {
      const [rows] = await fresh.pool
        .promise()
        .query('SELECT count(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?', [id])
      if (Number((rows as Array<{ n: number }>)[0]!.n) === 0) return
      if (Date.now() > deadline) throw new Error(`thread ${id} still alive after 5 s`)
      await sleep(10)
    }
  }

  /** Whether the last logged error is the session check's AdapterError, with the driver's error as its cause. */
  function expectSessionLookupLogged(from: number) {
    const errors = logger.errors.slice(from)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(SessionTokenError)
    const adapterError = causeOf(errors[0]) as AdapterError | undefined
    expect(adapterError).toBeInstanceOf(AdapterError)
    expect(adapterError!.message).toContain('getSessionAndUser')
    expect(adapterError!.cause?.err).toBeInstanceOf(Error)
    expect(adapterError!.cause!.err!.message).toMatch(CONNECTION_LOST)
  }

  async function expectBack(jar: CookieJar, token: string) {
    const back = await sessionCheck(jar)
    expect(back.status).toBe(200)
    expect(((await back.json()) as { user: { email: string } }).user.email).toBe('alice@example.com')
    expect(jar.get(SESSION)).toBe(token)
  }

  it('gone before the request: 503 with Retry-After, cookie kept, cause logged; 200 once it is back', async () => {
    const jar = new CookieJar()
    await signIn(jar)
    const token = jar.get(SESSION)!
    expect(token).toBeDefined()
    await expectBack(jar, token)
    const logged = logger.errors.length
    await proxy.stop()
    try {
      const started = Date.now()
      const down = await sessionCheck(jar)
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBe('1')
      expect(await down.json()).toBeNull()
      expect(jar.get(SESSION)).toBe(token)
      expectSessionLookupLogged(logged)

      // A sign-in while it is down: the error page, no session cookie.
      const failedJar = new CookieJar()
      const failed = await signIn(failedJar)
      expect(failed.status).toBe(302)
      expect(failed.headers.get('location')).toBe(
        `${server.origin}/auth/error?error=Configuration&code=unavailable`,
      )
      expect(failedJar.get(SESSION)).toBeUndefined()
      expect(logger.errors.at(-1)).toBeInstanceOf(AdapterError)
      expect(causeOf(logger.errors.at(-1))).toBeInstanceOf(Error)
    } finally {
      if (!proxy.listening) await proxy.start()
    }
    await expectBack(jar, token)
  })

  it('gone while a session check is in flight: 503 at once, cookie kept; 200 once it is back', async () => {
    const jar = new CookieJar()
    await signIn(jar)
    const token = jar.get(SESSION)!
    const logged = logger.errors.length
    const lock = await lockSessions()
    try {
      const pending = sessionCheck(jar)
      expect((await untilQueryBlocks(lock.threadId)).info).toMatch(/sessions/)
      const cut = Date.now()
      await proxy.stop()
      const down = await pending
      expect(Date.now() - cut).toBeLessThan(5_000)
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBe('1')
      expect(await down.json()).toBeNull()
      expect(jar.get(SESSION)).toBe(token)
      expectSessionLookupLogged(logged)
    } finally {
      await lock.release()
      if (!proxy.listening) await proxy.start()
    }
    await expectBack(jar, token)
  })

  /**
   * A credentials sign-in whose session INSERT waits on the lock when the proxy is cut. With `serverSide`, the server
   * also loses its end of the connection before the lock is released (KILL), as when the database restarts; without
   * it, only the network between them is gone.
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
      const blocked = await untilQueryBlocks(lock.threadId)
      expect(blocked.info).toMatch(/insert into `sessions`/i)
      const cut = Date.now()
      await proxy.stop()
      const response = await pending
      const elapsed = Date.now() - cut
      if (serverSide) await fresh.pool.promise().query(`KILL ${Number(blocked.id)}`)
      await lock.release()
      await untilThreadGone(blocked.id)
      return { response, elapsed, jar, errors: logger.errors.slice(logged) }
    } finally {
      await lock.release()
      if (!proxy.listening) await proxy.start()
    }
  }

  it('gone while a sign-in writes its session: error=Configuration, no session row; signs in once back', async () => {
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
    expect(causeOf(errors[0])?.message).toMatch(CONNECTION_LOST)
    expect(await aliceSessions()).toBe(before)
    const again = await signIn(jar)
    expect(again.headers.get('location')).toBe(`${server.origin}/`)
    expect(jar.get(SESSION)).toBeDefined()
    expect(await aliceSessions()).toBe(before + 1)
  })

  it('only the network going away mid-write: the server may still commit the session row, which no cookie names', async () => {
    // Known limit, as on PostgreSQL: a thread waiting on a table lock does not notice its client is gone, so the
    // INSERT runs once the lock is released. The browser was told the sign-in failed and got no cookie; the row's
    // key is the hash of a token nobody holds, so it grants nothing and goes at its expiry.
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
})
