import { sql, type Kysely } from 'kysely'
import { migrations, type Migration } from './migrations.js'
import type { SqlDialect } from './sql-dialect.js'

/** Where a database stands against the migrations this version of Gatehouse ships. */
export interface MigrationStatus {
  /** The highest applied version; 0 for an empty database. */
  current: number
  /** The highest version known to this Gatehouse. */
  latest: number
  /** The migrations not applied yet, oldest first. */
  pending: readonly Migration[]
}

const TABLE = 'gatehouse_migrations'

const createTable: Record<SqlDialect, string> = {
  postgres: `CREATE TABLE IF NOT EXISTS ${TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
  mysql: `CREATE TABLE IF NOT EXISTS ${TABLE} (version INTEGER NOT NULL PRIMARY KEY, name VARCHAR(255) NOT NULL, applied_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)) ENGINE=InnoDB`,
  sqlite: `CREATE TABLE IF NOT EXISTS ${TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
}

type AnyDb = Kysely<Record<string, never>>

async function appliedVersions(db: AnyDb, dialect: SqlDialect): Promise<Set<number>> {
  const exists =
    dialect === 'postgres'
      ? sql<{
          n: string
        }>`SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = ${TABLE}`
      : dialect === 'mysql'
        ? sql<{
            n: string
          }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ${TABLE}`
        : sql<{ n: string }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ${TABLE}`
  const { rows } = await exists.execute(db)
  if (Number(rows[0]?.n ?? 0) === 0) return new Set()
  const applied = await sql<{ version: number }>`SELECT version FROM ${sql.table(TABLE)}`.execute(db)
  return new Set(applied.rows.map((r) => Number(r.version)))
}

/** Reads which migrations a database lacks, without changing anything. */
export async function migrationStatus(db: Kysely<never>, dialect: SqlDialect): Promise<MigrationStatus> {
  const applied = await appliedVersions(db as unknown as AnyDb, dialect)
  return statusOf(applied)
}

function statusOf(applied: Set<number>): MigrationStatus {
  // Versions land as a set, not necessarily in order (9 may be listed before 5): the latest is the highest.
  const latest = Math.max(0, ...migrations.map((m) => m.version))
  return {
    current: Math.max(0, ...applied),
    latest,
    pending: migrations.filter((m) => !applied.has(m.version)),
  }
}

/**
 * Applies the pending migrations, once, even when several processes start at the same time: PostgreSQL holds an
 * advisory lock, MySQL a named lock (GET_LOCK), SQLite a write transaction (BEGIN IMMEDIATE), for the whole run,
 * and the applied versions are re-read under the lock.
 *
 * @returns the status after the run, and the versions this call applied.
 */
export async function migrateDatabase(
  database: Kysely<never>,
  dialect: SqlDialect,
): Promise<MigrationStatus & { applied: number[] }> {
  // One connection for the lock and every statement: a lock taken on one pooled connection protects nothing
  // done on another.
  return (database as unknown as AnyDb).connection().execute(async (db) => {
    const lockKey = `gatehouse_migrations`
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_lock(hashtext(${lockKey} || current_schema()))`.execute(db)
    } else if (dialect === 'mysql') {
      const { rows } = await sql<{
        got: number | null
      }>`SELECT GET_LOCK(CONCAT(${lockKey}, DATABASE()), 120) AS got`.execute(db)
      if (Number(rows[0]?.got) !== 1)
        throw new Error('Timed out waiting for another migration run to finish.')
    } else {
      await sql`BEGIN IMMEDIATE`.execute(db)
    }
    const applied: number[] = []
    try {
      await sql.raw(createTable[dialect]).execute(db)
      const done = await appliedVersions(db, dialect)
      for (const migration of statusOf(done).pending) {
        // PostgreSQL and SQLite run DDL in transactions, so a failed version leaves nothing behind; MySQL commits
        // DDL implicitly, which is why its statements are written to be safely re-run.
        if (dialect === 'postgres') await sql`BEGIN`.execute(db)
        try {
          for (const statement of migration.statements[dialect]) await sql.raw(statement).execute(db)
          await sql`INSERT INTO ${sql.table(TABLE)} (version, name) VALUES (${migration.version}, ${migration.name})`.execute(
            db,
          )
          if (dialect === 'postgres') await sql`COMMIT`.execute(db)
        } catch (error) {
          if (dialect === 'postgres') await sql`ROLLBACK`.execute(db)
          throw error
        }
        applied.push(migration.version)
        done.add(migration.version)
      }
      if (dialect === 'sqlite') await sql`COMMIT`.execute(db)
      return { ...statusOf(done), applied }
    } catch (error) {
      if (dialect === 'sqlite') await sql`ROLLBACK`.execute(db)
      throw error
    } finally {
      if (dialect === 'postgres') {
        await sql`SELECT pg_advisory_unlock(hashtext(${lockKey} || current_schema()))`.execute(db)
      } else if (dialect === 'mysql') {
        await sql`SELECT RELEASE_LOCK(CONCAT(${lockKey}, DATABASE()))`.execute(db)
      }
    }
  })
}
