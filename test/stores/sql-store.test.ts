/**
 * `SqlStore` (schema version 8) under the shared store suite on SQLite, PostgreSQL and MariaDB, and what the suite
 * cannot see from one connection: two pools on one database (two instances) racing for the same keys and counters,
 * the expired rows pruned (by the store itself and by `prune`), and long keys.
 */
import { createPool } from 'mysql2'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as mysqlAdapter from '../../src/adapters/mysql.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'
import * as sqliteAdapter from '../../src/adapters/sqlite.js'
import type { SqlStore } from '../../src/adapters/sql/sql-store.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
  freshSqlite,
} from '../support/test-databases.js'
import { storeSuite } from './store-suite.js'

const hasPostgres = await databaseAvailable('postgres')
const hasMariaDb = await databaseAvailable('mariadb')

const sqlite = freshSqlite()
await sqliteAdapter.migrate(sqlite)
storeSuite('sql (SQLite)', () => sqliteAdapter.SQLiteStore(sqlite))

let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined
let mariadb: Awaited<ReturnType<typeof freshMariaDb>> | undefined
/** A second pool on the same schema or database: another instance. */
let otherPg: pg.Pool | undefined
let otherMaria: ReturnType<typeof createPool> | undefined
if (hasPostgres) {
  postgres = await freshPostgres()
  await postgresAdapter.migrate(postgres.pool)
  otherPg = new pg.Pool({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${postgres.schema}`,
    max: 5,
  })
}
if (hasMariaDb) {
  mariadb = await freshMariaDb()
  await mysqlAdapter.migrate(mariadb.pool)
  const url = new URL(MARIADB_URL)
  url.pathname = `/${mariadb.database}`
  otherMaria = createPool({ uri: url.href, timezone: 'Z', connectionLimit: 5 })
}
afterAll(async () => {
  await otherPg?.end()
  await otherMaria?.promise().end()
  await postgres?.drop()
  await mariadb?.drop()
  sqlite.close()
})

storeSuite(
  'sql (PostgreSQL)',
  () => postgresAdapter.PostgresStore(postgres!.pool),
  hasPostgres ? {} : { skip: 'no PostgreSQL' },
)
storeSuite(
  'sql (MariaDB)',
  () => mysqlAdapter.MySQLStore(mariadb!.pool),
  hasMariaDb ? {} : { skip: 'no MariaDB' },
)

const twoInstances: [string, boolean, () => [SqlStore, SqlStore]][] = [
  [
    'PostgreSQL',
    hasPostgres,
    () => [postgresAdapter.PostgresStore(postgres!.pool), postgresAdapter.PostgresStore(otherPg!)],
  ],
  [
    'MariaDB',
    hasMariaDb,
    () => [mysqlAdapter.MySQLStore(mariadb!.pool), mysqlAdapter.MySQLStore(otherMaria!)],
  ],
]

describe.each(twoInstances)('sql store on %s from two pools (two instances)', (_name, available, make) => {
  let a: SqlStore
  let b: SqlStore
  beforeAll(() => {
    if (available) [a, b] = make()
  })

  it.skipIf(!available)('every key of 300 raced from both is won by exactly one', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `race:${crypto.randomUUID()}:${i}`)
    const [wonA, wonB] = await Promise.all([
      Promise.all(keys.map((k) => a.consume(k, 60_000))),
      Promise.all([...keys].reverse().map((k) => b.consume(k, 60_000))).then((w) => w.reverse()),
    ])
    for (let i = 0; i < keys.length; i++) expect(wonA[i] !== wonB[i], keys[i]).toBe(true)
    expect(wonA.filter(Boolean).length + wonB.filter(Boolean).length).toBe(300)
  })

  it.skipIf(!available)('100 hits on one counter from both get the counts 1 to 100', async () => {
    const key = `count:${crypto.randomUUID()}`
    const hits = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? a : b).increment(key, 60_000)),
    )
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    )
    expect(new Set(hits.map((h) => h.resetAt)).size).toBe(1)
  })
})

describe('sql store housekeeping (SQLite)', () => {
  const rows = () =>
    (sqlite.prepare('SELECT count(*) AS n FROM gatehouse_shared_state').get() as { n: number }).n

  it('a key longer than the key column is kept as its hash, still one use', async () => {
    const store = sqliteAdapter.SQLiteStore(sqlite)
    const long = `long:${'x'.repeat(400)}`
    expect(await store.consume(long, 60_000)).toBe(true)
    expect(await store.consume(long, 60_000)).toBe(false)
    expect(await store.consume(`${long}y`, 60_000)).toBe(true)
    const stored = sqlite
      .prepare("SELECT state_key FROM gatehouse_shared_state WHERE state_key LIKE 'once:sha256:%'")
      .all() as { state_key: string }[]
    expect(stored.length).toBeGreaterThanOrEqual(2)
    expect(stored.every((r) => r.state_key.length < 255)).toBe(true)
  })

  it('deletes expired rows at most once per pruneEvery, on use, and prune() deletes them all', async () => {
    sqlite.prepare('DELETE FROM gatehouse_shared_state').run()
    let now = 1_000_000
    const store = sqliteAdapter.SQLiteStore(sqlite, { now: () => now, pruneEvery: 60_000 })
    for (let i = 0; i < 10; i++) await store.consume(`short:${i}`, 1000)
    await store.increment('counter', 1000)
    await store.consume('live', 600_000)
    expect(rows()).toBe(12)
    now += 30_000
    await store.consume('trigger:1', 1000)
    expect(rows()).toBe(13) // within pruneEvery: nothing deleted
    now += 31_000
    await store.consume('trigger:2', 1000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The 11 short rows and trigger:1 expired; 'live' and trigger:2 are kept.
    expect(rows()).toBe(2)
    expect(await store.consume('live', 600_000)).toBe(false)
    now += 10_000
    expect(await store.prune()).toBe(1) // trigger:2
    expect(rows()).toBe(1)
  })

  it('the adapter prune (npx gatehouse-auth prune) deletes the expired rows too', async () => {
    sqlite.prepare('DELETE FROM gatehouse_shared_state').run()
    const store = sqliteAdapter.SQLiteStore(sqlite, { now: () => Date.now() - 120_000, pruneEvery: 0 })
    await sqliteAdapter.SQLiteStore(sqlite).consume('current', 60_000)
    await store.consume('old', 1000)
    await store.increment('old-counter', 1000)
    const before = rows()
    const result = await sqliteAdapter.prune(sqlite)
    expect(result.sharedState).toBe(2)
    expect(rows()).toBe(before - 2)
    expect(rows()).toBe(1)
  })

  it('refuses a pruneEvery that is not a number of milliseconds', () => {
    expect(() => sqliteAdapter.SQLiteStore(sqlite, { pruneEvery: -1 })).toThrow(/pruneEvery/)
  })
})
