/**
 * `gatehouse/adapters/postgres`: PostgreSQL over a `pg` pool, sharing its schema with `@auth/pg-adapter`.
 *
 * @module
 */
import { Kysely, PostgresDialect } from 'kysely'
import type { Pool } from 'pg'
import type { DatabaseSchema } from './sql/database-schema.js'
import {
  kyselyAdapter,
  sessionAndUserQuery,
  toSessionAndUser,
  type SqlAdapter,
} from './sql/kysely-adapter.js'
import { migrateDatabase, migrationStatus, type MigrationStatus } from './sql/migrate-database.js'

export type { MigrationStatus } from './sql/migrate-database.js'

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
export interface PostgresAdapterOptions {
  /**
   * Run the session check as a named prepared statement, parsed and planned once per connection: it takes about
   * half the time of an unnamed one. Default `true`; set `false` behind a pooler that cannot carry prepared
   * statements across transactions (PgBouncer before 1.21 in transaction mode).
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
  const adapter = kyselyAdapter(db, 'postgres')
  if (options.preparedStatements === false) return adapter
  // Kysely builds the statement; only its execution differs. The text is the same for every token.
  const { sql: text } = sessionAndUserQuery(db, '').compile()
  return {
    ...adapter,
    async getSessionAndUser(sessionToken) {
      const { rows } = await pool.query({ name: 'gatehouse_session_and_user', text, values: [sessionToken] })
      const row = rows[0] as Parameters<typeof toSessionAndUser>[0] | undefined
      return row ? toSessionAndUser(row) : null
    },
  }
}

/** Creates or upgrades the Gatehouse tables under an advisory lock; safe to run from several processes at once. */
export function migrate(pool: Pool): Promise<MigrationStatus & { applied: number[] }> {
  return migrateDatabase(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}

/** Tells which migrations the database lacks, changing nothing. */
export function status(pool: Pool): Promise<MigrationStatus> {
  return migrationStatus(kyselyFor(pool) as unknown as Kysely<never>, 'postgres')
}
