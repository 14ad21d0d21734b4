/**
 * `gatehouse-auth/adapters/postgres`: PostgreSQL over a `pg` pool, sharing its schema with `@auth/pg-adapter`.
 *
 * @module
 */
import { Kysely, PostgresDialect, sql } from 'kysely'
import type { Pool } from 'pg'
import type { DatabaseSchema } from './sql/database-schema.js'
import { postgresSessionCheck } from './postgres-session-check.js'
import { kyselyAdapter, type SqlAdapter } from './sql/kysely-adapter.js'
import { migrateDatabase, migrationStatus, type MigrationStatus } from './sql/migrate-database.js'
import { pruneExpired, type PruneResult } from './sql/prune-expired.js'
import type { PruneOptions } from './sql/prune-schedule.js'

export type { MigrationStatus } from './sql/migrate-database.js'
export type { PruneResult } from './sql/prune-expired.js'
export type { PruneOptions } from './sql/prune-schedule.js'

const instances = new WeakMap<Pool, Kysely<DatabaseSchema>>()

function kyselyFor(pool: Pool): Kysely<DatabaseSchema> {
  let db = instances.get(pool)
  if (!db) {
    // A server that goes away emits 'error' on connections checked out at that moment, and an unhandled 'error'
    // event ends the process. The query in flight fails anyway (and becomes an AdapterError), and the pool drops
    // the dead connection on release, so the event itself carries nothing left to handle.
    pool.on('connect', (client) => client.on('error', () => {}))
    db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) })
    instances.set(pool, db)
  }
  return db
}

/** Options of {@link PostgresAdapter}. */
export interface PostgresAdapterOptions extends PruneOptions {
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
  const db = kyselyFor(pool)
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
export function prune(pool: Pool): Promise<PruneResult> {
  return pruneExpired(kyselyFor(pool), 'postgres')
}

/** Creates or upgrades the Gatehouse tables under an advisory lock; safe to run from several processes at once. */
export function migrate(pool: Pool): Promise<MigrationStatus & { applied: number[] }> {
  return migrateDatabase(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}

/** Tells which migrations the database lacks, changing nothing. */
export function status(pool: Pool): Promise<MigrationStatus> {
  return migrationStatus(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}
