import type { MigrationStatus } from '../adapters/sql/migrate-database.js'
import type { PruneExpiredOptions, PruneResult } from '../adapters/sql/prune-expired.js'
import { redactUrl } from '../lib/redact-url.js'
import { importDriver } from './import-driver.js'

/** An opened database: what the commands do on it. */
export interface DatabaseTarget {
  label: string
  status: () => Promise<MigrationStatus>
  migrate: () => Promise<MigrationStatus & { applied: number[] }>
  prune: (options?: PruneExpiredOptions) => Promise<PruneResult>
  close: () => Promise<void>
}

/** The SQLite file of a `file:` URL: `file:./auth.db` (relative to the working directory) or `file:///abs/auth.db`. */
export function sqlitePath(url: string): string {
  const rest = url.slice('file:'.length)
  return rest.startsWith('//') ? decodeURIComponent(new URL(url).pathname) : decodeURIComponent(rest)
}

// Drivers are imported on demand, so `gatehouse-auth secret` loads none and each database needs only its own.
export async function openDatabase(url: string): Promise<DatabaseTarget> {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase()
  if (scheme === 'postgres' || scheme === 'postgresql') {
    const { default: pg } = await importDriver('pg', () => import('pg'))
    const adapter = await import('../adapters/postgres.js')
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    return {
      label: redactUrl(url),
      status: () => adapter.status(pool),
      migrate: () => adapter.migrate(pool),
      prune: (options) => adapter.prune(pool, options),
      close: () => pool.end(),
    }
  }
  if (scheme === 'mysql' || scheme === 'mariadb') {
    const { createPool } = await importDriver('mysql2', () => import('mysql2'))
    const adapter = await import('../adapters/mysql.js')
    const uri = scheme === 'mariadb' ? `mysql${url.slice('mariadb'.length)}` : url
    const pool = createPool({ uri, timezone: 'Z', connectionLimit: 1 })
    return {
      label: redactUrl(url),
      status: () => adapter.status(pool),
      migrate: () => adapter.migrate(pool),
      prune: (options) => adapter.prune(pool, options),
      close: () => pool.promise().end(),
    }
  }
  if (scheme === 'file') {
    const { default: Database } = await importDriver('better-sqlite3', () => import('better-sqlite3'))
    const adapter = await import('../adapters/sqlite.js')
    const db = new Database(sqlitePath(url))
    return {
      label: url,
      status: () => adapter.status(db),
      migrate: () => adapter.migrate(db),
      prune: (options) => adapter.prune(db, options),
      close: () => Promise.resolve(void db.close()),
    }
  }
  throw new Error(
    `unsupported database URL "${redactUrl(url)}": use postgres://, mysql:// (MariaDB too) or file:.`,
  )
}

/**
 * The database a command's arguments name (`--database <url>`, `-d <url>`, `--database=<url>`, else
 * `$DATABASE_URL`), opened, with the flags it was given among `flags`; or the exit code after saying what is wrong
 * (2: a usage error or a URL that cannot be opened).
 */
export async function databaseFromArgs(
  command: string,
  args: readonly string[],
  err: (line: string) => void,
  flags: readonly string[] = [],
): Promise<{ target: DatabaseTarget; flags: Set<string> } | number> {
  let url = process.env.DATABASE_URL
  const given = new Set<string>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (flags.includes(arg)) given.add(arg)
    else if (arg === '--database' || arg === '-d') url = args[++i]
    else if (arg.startsWith('--database=')) url = arg.slice('--database='.length)
    else {
      err(`gatehouse-auth ${command}: unknown option "${arg}".`)
      return 2
    }
  }
  if (!url) {
    err(`gatehouse-auth ${command}: give the database with --database <url> (or set DATABASE_URL).`)
    return 2
  }
  try {
    return { target: await openDatabase(url), flags: given }
  } catch (error) {
    err(`gatehouse-auth ${command}: ${(error as Error).message}`)
    return 2
  }
}
