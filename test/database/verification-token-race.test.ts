/**
 * E-mail sign-in tokens are single use across instances: the adapter's `useVerificationToken` is one atomic delete
 * (DELETE … RETURNING on PostgreSQL; on MariaDB the caller whose DELETE removed the row), so when two instances
 * (two pools) confirm the same links at once, each token is handed to exactly one of them.
 */
import { createPool } from 'mysql2'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { MySQLAdapter, migrate as migrateMysql } from '../../src/adapters/mysql.js'
import { PostgresAdapter, migrate as migratePostgres } from '../../src/adapters/postgres.js'
import type { Adapter } from '../../src/adapters/adapter.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
} from '../support/test-databases.js'

const hasPostgres = await databaseAvailable('postgres')
const hasMariaDb = await databaseAvailable('mariadb')
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

async function postgresPair(): Promise<[Adapter, Adapter]> {
  const fresh = await freshPostgres()
  await migratePostgres(fresh.pool)
  const other = new pg.Pool({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${fresh.schema}`,
    max: 5,
  })
  cleanups.push(
    () => fresh.drop(),
    () => other.end(),
  )
  return [PostgresAdapter(fresh.pool), PostgresAdapter(other)]
}

async function mariaDbPair(): Promise<[Adapter, Adapter]> {
  const fresh = await freshMariaDb()
  await migrateMysql(fresh.pool)
  const url = new URL(MARIADB_URL)
  url.pathname = `/${fresh.database}`
  const other = createPool({ uri: url.href, timezone: 'Z', connectionLimit: 5 })
  cleanups.push(
    () => fresh.drop(),
    () => other.promise().end(),
  )
  return [MySQLAdapter(fresh.pool), MySQLAdapter(other)]
}

describe.each([
  ['PostgreSQL', hasPostgres, postgresPair],
  ['MariaDB', hasMariaDb, mariaDbPair],
] as const)('verification tokens on %s from two instances', (_name, available, pair) => {
  it.skipIf(!available)('each of 100 tokens confirmed on both at once goes to exactly one', async () => {
    const [a, b] = await pair()
    const expires = new Date(Date.now() + 600_000)
    const tokens = Array.from({ length: 100 }, (_, i) => ({
      identifier: `user${i}@example.com`,
      token: crypto.randomUUID(),
      expires,
    }))
    for (const t of tokens) await a.createVerificationToken!(t)
    const use = (adapter: Adapter) =>
      Promise.all(
        tokens.map(async (t) => adapter.useVerificationToken!({ identifier: t.identifier, token: t.token })),
      )
    const [gotA, gotB] = await Promise.all([use(a), use(b)])
    for (let i = 0; i < tokens.length; i++) {
      expect((gotA[i] === null) !== (gotB[i] === null), `token ${i}`).toBe(true)
      expect((gotA[i] ?? gotB[i])!.token).toBe(tokens[i]!.token)
    }
    // Both won some, so the uses did overlap.
    console.log(
      `${_name}: A won ${gotA.filter(Boolean).length}, B won ${gotB.filter(Boolean).length} of ${tokens.length}`,
    )
  })
})
