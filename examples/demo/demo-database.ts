import { mkdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely'
import { createPool } from 'mysql2'
import pg from 'pg'
import type { Adapter } from 'gatehouse-auth'
import * as mysql from 'gatehouse-auth/adapters/mysql'
import * as postgres from 'gatehouse-auth/adapters/postgres'
import * as sqlite from 'gatehouse-auth/adapters/sqlite'
import { DemoConfigError } from './demo-config-error.js'

/** The demo's own table, beside Gatehouse's: password hashes are the application's business, not the adapter's. */
export interface DemoTables {
  demo_passwords: { user_id: string; hash: string }
}

/** An open, migrated demo database. */
export interface DemoDatabase {
  /** Where it is, for the start-up log (password hidden). */
  label: string
  adapter: Adapter
  /** The same connection, for the demo's own table. */
  db: Kysely<DemoTables>
  close: () => Promise<void>
}

const DEFAULT_FILE = 'demo.sqlite'

/**
 * Opens the demo database: `DATABASE_URL` (postgres://, mysql://, file:) when set, else a SQLite file in the data
 * folder, created on first start. Gatehouse's migrations run every time (they do nothing when up to date), then
 * the demo's own table is created if missing.
 */
export async function openDemoDatabase(url: string | undefined, dataDir: string): Promise<DemoDatabase> {
  let opened: { label: string; adapter: Adapter; dialect: Dialect; close: () => Promise<void> }
  if (url === undefined || url === '' || url.startsWith('file:')) {
    // The same reading of file: URLs as `npx gatehouse-auth migrate`, so both open the same file.
    const file = url ? resolve(sqlitePath(url)) : join(dataDir, DEFAULT_FILE)
    await mkdir(dirname(file), { recursive: true })
    const database = new Database(file)
    // WAL lets session checks read while a sign-in writes.
    database.pragma('journal_mode = WAL')
    await sqlite.migrate(database)
    opened = {
      label: `SQLite ${file}`,
      adapter: sqlite.SQLiteAdapter(database),
      dialect: new SqliteDialect({ database }),
      close: () => Promise.resolve(void database.close()),
    }
  } else if (/^postgres(ql)?:/.test(url)) {
    // Bounded waits: a server that stops answering fails a request in seconds instead of hanging it.
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 10_000 })
    pool.on('error', (error) => console.error('Gatehouse demo: idle database connection failed', error))
    await postgres.migrate(pool)
    opened = {
      label: redactUrl(url),
      adapter: postgres.PostgresAdapter(pool),
      dialect: new PostgresDialect({ pool }),
      close: () => pool.end(),
    }
  } else if (/^(mysql|mariadb):/.test(url)) {
    const pool = createPool({ uri: url.replace(/^mariadb:/, 'mysql:'), timezone: 'Z', connectTimeout: 5_000 })
    await mysql.migrate(pool)
    opened = {
      label: redactUrl(url),
      adapter: mysql.MySQLAdapter(pool),
      dialect: new MysqlDialect({ pool }),
      close: () => pool.promise().end(),
    }
  } else {
    throw new DemoConfigError(
      `Gatehouse demo: DATABASE_URL must start with postgres://, mysql:// or file:, not "${redactUrl(url)}".`,
    )
  }
  const db = new Kysely<DemoTables>({ dialect: opened.dialect })
  // Plain SQL every dialect accepts; the foreign key drops a password with its user.
  await db.schema
    .createTable('demo_passwords')
    .ifNotExists()
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('hash', 'varchar(255)', (c) => c.notNull())
    .execute()
  return { label: opened.label, adapter: opened.adapter, db, close: opened.close }
}

/** A database URL fit for a log line: the password masked; an unparsable URL is not echoed at all. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.href
  } catch {
    return '(unparsable URL)'
  }
}

/** The SQLite file of a `file:` URL, as `npx gatehouse-auth migrate` reads it: `file:./auth.db` or `file:///abs/auth.db`. */
function sqlitePath(url: string): string {
  const rest = url.slice('file:'.length)
  return rest.startsWith('//') ? decodeURIComponent(new URL(url).pathname) : decodeURIComponent(rest)
}
