/**
 * `gatehouse-auth/adapters/postgres`: PostgreSQL over a `pg` pool, sharing its schema with `@auth/pg-adapter`.
 *
 * @module
 */
import { Kysely, PostgresDialect, sql } from 'kysely'
import type { Pool } from 'pg'
import { postgresSessionCheck } from './postgres-session-check.js'
import { connectionErrorReporter, type ConnectionErrorOptions } from './sql/connection-error-reporter.js'
import type { DatabaseSchema } from './sql/database-schema.js'
import { kyselyAdapter, type SqlAdapter } from './sql/kysely-adapter.js'
import { migrateDatabase, migrationStatus, type MigrationStatus } from './sql/migrate-database.js'
import { pruneExpired, type PruneExpiredOptions, type PruneResult } from './sql/prune-expired.js'
import type { PruneOptions } from './sql/prune-schedule.js'
import { SqlStore, type SqlStoreOptions } from './sql/sql-store.js'

export type { ConnectionErrorOptions } from './sql/connection-error-reporter.js'
export type { MigrationStatus } from './sql/migrate-database.js'
export type { PruneResult } from './sql/prune-expired.js'
export type { PruneOptions } from './sql/prune-schedule.js'
export { SqlStore, type SqlStoreOptions } from './sql/sql-store.js'

/** Per pool: its Kysely instance, and the hook its connection errors go to (set by `PostgresAdapter`). */
interface PoolEntry {
  db: Kysely<DatabaseSchema>
  onConnectionError: ((error: Error) => void) | undefined
}

const pools = new WeakMap<Pool, PoolEntry>()

function entryFor(pool: Pool): PoolEntry {
  let entry = pools.get(pool)
  if (!entry) {
    const created: PoolEntry = {
      db: new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) }),
      onConnectionError: undefined,
    }
    // When the server ends connections (a restart: 57P01, "terminating connection due to administrator command"),
    // pg re-emits the error of an idle pooled connection as an 'error' event on the pool, and of a checked-out one
    // between queries on that client; an 'error' event nobody listens to ends the process. The pool has already
    // dropped the dead connection, and a query in flight fails on its own (an AdapterError): the event is reported,
    // once per burst, and the process carries on.
    const report = connectionErrorReporter(() => created.onConnectionError)
    pool.on('error', report)
    pool.on('connect', (client) => client.on('error', report))
    pools.set(pool, created)
    entry = created
  }
  return entry
}

const kyselyFor = (pool: Pool): Kysely<DatabaseSchema> => entryFor(pool).db

/** Options of {@link PostgresAdapter}. */
export interface PostgresAdapterOptions extends PruneOptions, ConnectionErrorOptions {
  /**
   * Run the session check as a named prepared statement, parsed and planned once per connection and then sent as
   * Bind/Execute/Sync only: a third of the time of an unnamed statement through Kysely (75 against 232 µs a lookup
   * on the development machine). Default `true`; set
   * `false` behind a pooler that cannot carry prepared statements across transactions (PgBouncer before 1.21 in
   * transaction mode).
   */
  preparedStatements?: boolean | undefined
}

/**
 * An Auth.js-compatible adapter over PostgreSQL; works on the tables `@auth/pg-adapter` uses. Run {@link migrate}
 * first. The tables are looked up in the connection's `search_path`.
 *
 * @example
 * ```ts
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await migrate(pool)
 * createAuth({ adapter: PostgresAdapter(pool), providers: [...] })
 * ```
 */
export function PostgresAdapter(pool: Pool, options: PostgresAdapterOptions = {}): SqlAdapter {
  const entry = entryFor(pool)
  if (options.onConnectionError) entry.onConnectionError = options.onConnectionError
  const { db } = entry
  const adapter = kyselyAdapter(db, 'postgres', options)
  if (options.preparedStatements === false) return adapter
  const check = postgresSessionCheck(pool, sessionCheckStatement(db))
  return {
    ...adapter,
    async getSessionAndUser(sessionToken) {
      const row = await check(sessionToken)
      if (!row) return null
      const [token, expires, id, name, email, emailVerified, image, sessionId] = row as SessionCheckRow
      return {
        session: { id: sessionId, sessionToken: token, userId: id, expires: new Date(Number(expires)) },
        user: {
          id,
          name,
          email: email as string,
          emailVerified: emailVerified === null ? null : new Date(Number(emailVerified)),
          image,
        },
      }
    },
  }
}

/** A row of {@link sessionCheckStatement} as text, in its column order. */
type SessionCheckRow = [
  sessionToken: string,
  expires: string,
  id: string,
  name: string | null,
  email: string | null,
  emailVerified: string | null,
  image: string | null,
  sessionId: string,
]

/**
 * The session check as SQL text, the same for every token. Dates come back as epoch milliseconds (a float8), so
 * reading them is `Number`, and the result does not depend on the connection's TimeZone or DateStyle; the
 * microseconds are a fraction, which `new Date` drops just as pg's date parser does. Integer ids (an Auth.js
 * database with SERIAL ids) arrive as text, the string id the adapter contract wants.
 */
function sessionCheckStatement(db: Kysely<DatabaseSchema>): string {
  const epochMs = (column: 'sessions.expires' | 'users.emailVerified') =>
    sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000)::float8`
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.sessionToken',
      epochMs('sessions.expires').as('expires'),
      'users.id',
      'users.name',
      'users.email',
      epochMs('users.emailVerified').as('emailVerified'),
      'users.image',
      'sessions.id as sessionId',
    ])
    .where('sessions.sessionToken', '=', '')
    .compile().sql
}

/** Deletes expired sessions and verification tokens now; see {@link PruneOptions} for an interval. */
export function prune(pool: Pool, options: PruneExpiredOptions = {}): Promise<PruneResult> {
  return pruneExpired(kyselyFor(pool), 'postgres', new Date(), options)
}

/** Creates or upgrades the Gatehouse tables under an advisory lock; safe to run from several processes at once. */
export function migrate(pool: Pool): Promise<MigrationStatus & { applied: number[] }> {
  return migrateDatabase(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}

/** Tells which migrations the database lacks, changing nothing. */
export function status(pool: Pool): Promise<MigrationStatus> {
  return migrationStatus(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}

/**
 * The `stores` option on this PostgreSQL database: counters and single-use values shared by every instance
 * that uses it, in the table of schema version 8 ({@link migrate} first). One object serves both roles.
 *
 * @example
 * ```ts
 * const store = PostgresStore(pool)
 * createAuth({ adapter: PostgresAdapter(pool), stores: { limits: store, singleUse: store }, providers: [...] })
 * ```
 */
export function PostgresStore(pool: Pool, options: SqlStoreOptions = {}): SqlStore {
  return new SqlStore(kyselyFor(pool), 'postgres', options)
}
