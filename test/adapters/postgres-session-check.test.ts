/**
 * The PostgreSQL session check runs its own prepared statement as a pg submittable (dates as epoch milliseconds,
 * text values). It must answer exactly what the general Kysely path answers, whatever the connection's TimeZone and
 * however many microseconds a stored timestamp carries; fail cleanly and leave the pool usable; and fall back to
 * `pool.query` where a client refuses submittables.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { POSTGRES_URL, databaseAvailable, freshPostgres } from '../support/test-databases.js'

const available = await databaseAvailable('postgres')

describe.skipIf(!available)('PostgresAdapter session check', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgres>>
  let zoned: pg.Pool
  const extraPools: pg.Pool[] = []
  const poolOn = (schema: string, options: Record<string, unknown> = {}) => {
    const pool = new pg.Pool({
      connectionString: POSTGRES_URL,
      options: `-c search_path=${schema}`,
      max: 2,
      ...options,
    })
    pool.on('error', () => {})
    extraPools.push(pool)
    return pool
  }
  beforeAll(async () => {
    fresh = await freshPostgres()
    await migrate(fresh.pool)
    // A connection whose dates print in India's zone (+05:30): text timestamps would read differently there.
    zoned = new pg.Pool({
      connectionString: POSTGRES_URL,
      options: `-c search_path=${fresh.schema} -c TimeZone=Asia/Kolkata`,
      max: 2,
    })
  })
  afterAll(async () => {
    await Promise.all(extraPools.map((pool) => pool.end()))
    await zoned?.end()
    await fresh?.drop()
  })

  async function storedSession(emailVerified: string | null) {
    const { rows } = await fresh.pool.query<{ id: string }>(
      `INSERT INTO users (name, email, "emailVerified", image) VALUES ('Zoe', $1, $2, NULL) RETURNING id`,
      [`zoe-${crypto.randomUUID()}@example.com`, emailVerified],
    )
    const token = `token-${crypto.randomUUID()}`
    await fresh.pool.query(
      `INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ($1, $2, '2031-07-04 12:34:56.789999+00')`,
      [token, rows[0]!.id],
    )
    return token
  }

  for (const [label, pool] of [
    ['UTC', () => fresh.pool],
    ['Asia/Kolkata', () => zoned],
  ] as const) {
    it(`answers as the general path does, microseconds dropped, on a ${label} connection`, async () => {
      const token = await storedSession('2024-02-29 23:59:59.123456+00')
      const prepared = await PostgresAdapter(pool()).getSessionAndUser(token)
      const general = await PostgresAdapter(pool(), { preparedStatements: false }).getSessionAndUser(token)
      expect(prepared).toEqual(general)
      expect(prepared?.session.expires.toISOString()).toBe('2031-07-04T12:34:56.789Z')
      expect(prepared?.user.emailVerified?.toISOString()).toBe('2024-02-29T23:59:59.123Z')
      expect(prepared?.session.userId).toBe(prepared?.user.id)
      expect(typeof prepared?.user.id).toBe('string')
    })
  }

  it('keeps an unverified e-mail null and an unknown token null', async () => {
    const token = await storedSession(null)
    const adapter = PostgresAdapter(fresh.pool)
    expect((await adapter.getSessionAndUser(token))?.user.emailVerified).toBeNull()
    expect(await adapter.getSessionAndUser('no-such-token')).toBeNull()
  })

  it('answers alike through pool.query on a pipeline-mode pool, which refuses submittables', async () => {
    const token = await storedSession('2024-02-29 23:59:59.123456+00')
    const pipelined = poolOn(fresh.schema, { pipeline: true })
    const fallback = await PostgresAdapter(pipelined).getSessionAndUser(token)
    expect(fallback).toEqual(await PostgresAdapter(fresh.pool).getSessionAndUser(token))
    expect(await PostgresAdapter(pipelined).getSessionAndUser('no-such-token')).toBeNull()
  })

  it('answers many concurrent checks on a small pool, each with its own row', async () => {
    const tokens = await Promise.all(Array.from({ length: 12 }, () => storedSession(null)))
    const adapter = PostgresAdapter(poolOn(fresh.schema))
    const found = await Promise.all(
      [...tokens, 'no-such-token'].map(async (t) => await adapter.getSessionAndUser(t)),
    )
    expect(found.map((f) => f?.session.sessionToken ?? null)).toEqual([...tokens, null])
  })

  it('works where pg wraps the callback for query_timeout', async () => {
    const token = await storedSession(null)
    const adapter = PostgresAdapter(poolOn(fresh.schema, { query_timeout: 5000 }))
    expect((await adapter.getSessionAndUser(token))?.session.sessionToken).toBe(token)
  })

  it('rejects on a server error, then parses again once the tables exist, on the same pool', async () => {
    const empty = `${fresh.schema}_late`
    await fresh.pool.query(`CREATE SCHEMA ${empty}`)
    try {
      const pool = poolOn(empty, { max: 1 })
      const adapter = PostgresAdapter(pool)
      await expect(adapter.getSessionAndUser('any')).rejects.toThrow(/sessions/)
      await migrate(pool)
      expect(await adapter.getSessionAndUser('any')).toBeNull()
    } finally {
      await fresh.pool.query(`DROP SCHEMA ${empty} CASCADE`)
    }
  })

  it('refuses, clearly, a connection where its statement name holds another query', async () => {
    const pool = poolOn(fresh.schema, { max: 1 })
    await pool.query({ name: 'gatehouse_session_check', text: 'SELECT $1::text AS x', values: ['x'] })
    await expect(PostgresAdapter(pool).getSessionAndUser('any')).rejects.toThrow(/another text/)
  })

  it('rejects, then recovers, when the server ends the connection', async () => {
    const token = await storedSession(null)
    const pool = poolOn(fresh.schema, { max: 1 })
    const adapter = PostgresAdapter(pool)
    expect(await adapter.getSessionAndUser(token)).not.toBeNull()
    const client = await pool.connect()
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
    client.release()
    await fresh.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid])
    // The next check may still get the dead connection (the pool learns of its end asynchronously): then it fails
    // with the server's reason, and the pool discards that client.
    const first = await Promise.resolve(adapter.getSessionAndUser(token)).then(
      (found) => found?.session.sessionToken,
      (error: unknown) => String(error),
    )
    expect(first === token || /terminating connection/.test(String(first))).toBe(true)
    expect((await adapter.getSessionAndUser(token))?.session.sessionToken).toBe(token)
  })
})
