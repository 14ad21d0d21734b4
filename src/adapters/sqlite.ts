/**
 * `gatehouse-auth/adapters/sqlite`: the embedded default, over a `better-sqlite3` database.
 *
 * @module
 */
import type BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { localAdapters } from './local-adapters.js'
import type { DatabaseSchema } from './sql/database-schema.js'
import { kyselyAdapter, type SqlAdapter } from './sql/kysely-adapter.js'
import { migrateDatabase, migrationStatus, type MigrationStatus } from './sql/migrate-database.js'
import { pruneExpired, type PruneExpiredOptions, type PruneResult } from './sql/prune-expired.js'
import type { PruneOptions } from './sql/prune-schedule.js'
import { SqlStore, type SqlStoreOptions } from './sql/sql-store.js'
import { sessionAndUserQuery, toSessionAndUser } from './sql/tables/sessions.js'

export type { MigrationStatus } from './sql/migrate-database.js'
export type { PruneResult } from './sql/prune-expired.js'
export type { PruneOptions } from './sql/prune-schedule.js'
export { SqlStore, type SqlStoreOptions } from './sql/sql-store.js'

const instances = new WeakMap<BetterSqlite3.Database, Kysely<DatabaseSchema>>()

function kyselyFor(database: BetterSqlite3.Database): Kysely<DatabaseSchema> {
  let db = instances.get(database)
  if (!db) {
    // Cascading deletes need foreign keys, which SQLite enforces only when asked, per connection.
    database.pragma('foreign_keys = ON')
    db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) })
    instances.set(database, db)
  }
  return db
}

/**
 * An Auth.js-compatible adapter storing users, accounts, sessions and verification tokens in SQLite. Run
 * {@link migrate} first. Turns on `PRAGMA foreign_keys` for the connection.
 *
 * @example
 * ```ts
 * const database = new Database('auth.db')
 * await migrate(database)
 * createAuth({ adapter: SQLiteAdapter(database), providers: [...] })
 * ```
 */
export function SQLiteAdapter(database: BetterSqlite3.Database, options: PruneOptions = {}): SqlAdapter {
  const db = kyselyFor(database)
  const adapter = kyselyAdapter(db, 'sqlite', options)
  // The session check runs on every request: as a statement prepared once it takes about 2 µs, where building and
  // compiling it through Kysely each time takes about 44 µs (measured in bench/). Same SQL text, same row
  // conversion. Prepared on first use, since the tables may be created after the adapter is.
  const text = sessionAndUserQuery(db, '').compile().sql
  let statement: BetterSqlite3.Statement<[string], Parameters<typeof toSessionAndUser>[0]> | undefined
  const sqliteAdapter: SqlAdapter = {
    ...adapter,
    // A promise either way, so that a failure (a closed database, no tables yet) is a rejection, as with every
    // other method, never a synchronous throw.
    getSessionAndUser(sessionToken) {
      try {
        statement ??= database.prepare(text)
        const row = statement.get(sessionToken)
        return Promise.resolve(row ? toSessionAndUser(row) : null)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
  }
  localAdapters.add(sqliteAdapter)
  return sqliteAdapter
}

/** Deletes expired sessions and verification tokens now; see {@link PruneOptions} for an interval. */
export function prune(
  database: BetterSqlite3.Database,
  options: PruneExpiredOptions = {},
): Promise<PruneResult> {
  return pruneExpired(kyselyFor(database), 'sqlite', new Date(), options)
}

/** Creates or upgrades the Gatehouse tables; safe to call on every start, from several processes at once. */
export function migrate(database: BetterSqlite3.Database): Promise<MigrationStatus & { applied: number[] }> {
  return migrateDatabase(kyselyFor(database) as unknown as Kysely<never>, 'sqlite')
}

/** Tells which migrations the database lacks, changing nothing. */
export function status(database: BetterSqlite3.Database): Promise<MigrationStatus> {
  return migrationStatus(kyselyFor(database) as unknown as Kysely<never>, 'sqlite')
}

/**
 * The `stores` option on this SQLite database (one process, or several on one file): counters and single-use values shared by every instance
 * that uses it, in the table of schema version 8 ({@link migrate} first). One object serves both roles.
 *
 * @example
 * ```ts
 * const store = SQLiteStore(database)
 * createAuth({ adapter: SQLiteAdapter(database), stores: { limits: store, singleUse: store }, providers: [...] })
 * ```
 */
export function SQLiteStore(database: BetterSqlite3.Database, options: SqlStoreOptions = {}): SqlStore {
  return new SqlStore(kyselyFor(database), 'sqlite', options)
}
