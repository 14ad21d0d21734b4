import type { Kysely } from 'kysely'
import type { Adapter, AdapterMethod } from '../adapter.js'
import type { DatabaseSchema, StoredDate } from './database-schema.js'
import type { SqlDialect } from './sql-dialect.js'

/** Some methods of the adapter, all present: what one table's module of the SQL adapter implements. */
export type AdapterMethods<K extends AdapterMethod> = Pick<Required<Adapter>, K>

/** What the table modules of the SQL adapter share: the database, and how its dialect stores and returns rows. */
export interface SqlContext {
  readonly db: Kysely<DatabaseSchema>
  readonly dialect: SqlDialect
  /** A date as the dialect stores it. */
  readonly date: (value: Date) => StoredDate
  /** Whether `UPDATE` / `DELETE … RETURNING` is used. */
  readonly returning: boolean
  /** The id column of a new row, when Gatehouse makes it (spread into the inserted values). */
  readonly newId: () => { id?: string }
}

/** The {@link SqlContext} of a database. */
export function sqlContext(db: Kysely<DatabaseSchema>, dialect: SqlDialect): SqlContext {
  return {
    db,
    dialect,
    // SQLite has no date type: epoch milliseconds keep ordering and precision.
    date: (value) => (dialect === 'sqlite' ? value.getTime() : value),
    // MySQL has no RETURNING; MariaDB has, but one code path for both is simpler to trust.
    returning: dialect !== 'mysql',
    // PostgreSQL generates ids itself, so inserts also work on an Auth.js database whose ids are SERIAL integers.
    newId: () => (dialect === 'postgres' ? {} : { id: crypto.randomUUID() }),
  }
}
