/**
 * The start-up warning of a server database's adapter beside stores that hold only in this process. The pools are
 * never queried (a pg pool connects on its first query), so no server is needed.
 */
import { afterAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { PostgresAdapter, PostgresStore } from '../../src/adapters/postgres.js'
import { SQLiteAdapter, SQLiteStore, migrate } from '../../src/adapters/sqlite.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { warningMessage } from '../../src/lib/logger.js'
import Credentials from '../../src/providers/credentials.js'
import { MemoryStore } from '../../src/stores/memory-store.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'
import { freshSqlite } from '../support/test-databases.js'

const database = freshSqlite()
await migrate(database)
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' })

function warningsOf(extra: Partial<AuthConfig>): string[] {
  const logger = quietLogger()
  const config: AuthConfig = {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    providers: [Credentials({ authorize: () => null })],
    logger,
    ...extra,
  }
  resolveConfig(config, {})
  resolveConfig({ ...config }, {})
  return logger.warnings
}

describe('stores-not-shared', () => {
  it('a PostgreSQL adapter with the default memory stores: one warning, however often it resolves', () => {
    expect(warningsOf({ adapter: PostgresAdapter(pool) })).toEqual(['stores-not-shared'])
  })

  it('a server database adapter with MemoryStore given for both roles: the same warning', () => {
    const store = new MemoryStore()
    expect(
      warningsOf({ adapter: PostgresAdapter(pool), stores: { limits: store, singleUse: store } }),
    ).toEqual(['stores-not-shared'])
  })

  it('no warning with a shared store, with a local adapter (memory, SQLite), or without an adapter', () => {
    const shared = PostgresStore(pool)
    expect(warningsOf({ adapter: SQLiteAdapter(database) })).toEqual([])
    expect(
      warningsOf({ adapter: PostgresAdapter(pool), stores: { limits: shared, singleUse: shared } }),
    ).toEqual([])
    expect(warningsOf({ adapter: MemoryAdapter() })).toEqual([])
    expect(warningsOf({})).toEqual([])
  })

  it('one role in a shared store: no warning (only memory for both roles is the default left unchosen)', () => {
    const shared = SQLiteStore(database)
    expect(warningsOf({ adapter: PostgresAdapter(pool), stores: { singleUse: shared } })).toEqual([])
  })

  afterAll(() => pool.end())

  it('says what a multi-instance setup must configure', () => {
    const text = warningMessage('stores-not-shared')
    expect(text).toContain('stores: { limits: store, singleUse: store }')
    expect(text).toMatch(/RedisStore/)
    expect(text).toMatch(/PostgresStore/)
  })
})
