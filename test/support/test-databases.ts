import Database from 'better-sqlite3'
import { createPool, type Pool as MySqlPool } from 'mysql2'
import pg from 'pg'

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
export const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test'

/** A unique, valid identifier for a per-file schema or database, so files run in parallel and re-run cleanly. */
export function scratchName(prefix: string): string {
  return `${prefix}_${process.pid}_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`
}

/**
 * Whether a real database server answers. In CI (`CI` set) an unreachable server fails the file; on a laptop the
 * file is skipped with a loud warning, so `npm test` works without every server running.
 */
export async function databaseAvailable(kind: 'postgres' | 'mariadb'): Promise<boolean> {
  try {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 })
      await client.connect()
      await client.end()
    } else {
      const pool = createPool({ uri: MARIADB_URL, connectTimeout: 2000 })
      await pool.promise().query('SELECT 1')
      await pool.promise().end()
    }
    return true
  } catch (error) {
    const text = `${kind} at ${kind === 'postgres' ? POSTGRES_URL : MARIADB_URL} is unreachable (${String(error)})`
    if (process.env.CI) throw new Error(`${text}; CI requires it.`)
    console.warn(`\n!!! SKIPPING ${kind} tests: ${text}. Run \`bash scripts/prepare-test-env.sh\`.\n`)
    return false
  }
}

/** A pool whose `search_path` is a fresh schema, dropped by `drop()`. */
export async function freshPostgres(): Promise<{ pool: pg.Pool; schema: string; drop: () => Promise<void> }> {
  const schema = scratchName('gh')
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}`, max: 5 })
  return {
    pool,
    schema,
    async drop() {
      await pool.end()
      const c = new pg.Client({ connectionString: POSTGRES_URL })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await c.end()
    },
  }
}

/** A pool on a fresh MariaDB database (UTC), dropped by `drop()`. */
export async function freshMariaDb(): Promise<{
  pool: MySqlPool
  database: string
  drop: () => Promise<void>
}> {
  const database = scratchName('gh')
  const admin = createPool({ uri: MARIADB_URL })
  await admin.promise().query(`CREATE DATABASE ${database}`)
  const url = new URL(MARIADB_URL)
  url.pathname = `/${database}`
  const pool = createPool({ uri: url.href, timezone: 'Z', connectionLimit: 5 })
  return {
    pool,
    database,
    async drop() {
      await pool.promise().end()
      await admin.promise().query(`DROP DATABASE IF EXISTS ${database}`)
      await admin.promise().end()
    },
  }
}

/** An in-memory SQLite database. */
export function freshSqlite(): Database.Database {
  return new Database(':memory:')
}
