import type { MigrationStatus } from '../adapters/sql/migrate-database.js'
import { redactUrl } from '../lib/redact-url.js'
import { importDriver } from './import-driver.js'

/** Where the command writes; injectable for tests. */
export interface CommandIo {
  out(line: string): void
  err(line: string): void
}

interface Target {
  label: string
  status: () => Promise<MigrationStatus>
  migrate: () => Promise<MigrationStatus & { applied: number[] }>
  close: () => Promise<void>
}

/** The SQLite file of a `file:` URL: `file:./auth.db` (relative to the working directory) or `file:///abs/auth.db`. */
export function sqlitePath(url: string): string {
  const rest = url.slice('file:'.length)
  return rest.startsWith('//') ? decodeURIComponent(new URL(url).pathname) : decodeURIComponent(rest)
}

// Drivers are imported on demand, so `gatehouse secret` loads none and each database needs only its own.
async function open(url: string): Promise<Target> {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase()
  if (scheme === 'postgres' || scheme === 'postgresql') {
    const { default: pg } = await importDriver('pg', () => import('pg'))
    const adapter = await import('../adapters/postgres.js')
    const pool = new pg.Pool({ connectionString: url, max: 1 })
    return {
      label: redactUrl(url),
      status: () => adapter.status(pool),
      migrate: () => adapter.migrate(pool),
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
      close: () => Promise.resolve(void db.close()),
    }
  }
  throw new Error(
    `unsupported database URL "${redactUrl(url)}": use postgres://, mysql:// (MariaDB too) or file:.`,
  )
}

function describeBehind(status: MigrationStatus): string {
  const names = status.pending.map((m) => `${m.version} (${m.name})`).join(', ')
  return `the database is behind: at version ${status.current}, this Gatehouse needs ${status.latest}; pending: ${names}.`
}

/**
 * `gatehouse migrate --database <url> [--check]`: applies pending migrations, or with `--check` only says whether
 * the database is behind (exit code 1 when it is, for deploy scripts).
 */
export async function migrateCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let url = process.env.DATABASE_URL
  let check = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--check') check = true
    else if (arg === '--database' || arg === '-d') url = args[++i]
    else if (arg.startsWith('--database=')) url = arg.slice('--database='.length)
    else {
      io.err(`gatehouse migrate: unknown option "${arg}".`)
      return 2
    }
  }
  if (!url) {
    io.err('gatehouse migrate: give the database with --database <url> (or set DATABASE_URL).')
    return 2
  }
  let target: Target
  try {
    target = await open(url)
  } catch (error) {
    io.err(`gatehouse migrate: ${(error as Error).message}`)
    return 2
  }
  try {
    const before = await target.status()
    if (check) {
      io.out(
        before.pending.length === 0
          ? `${target.label}: up to date (version ${before.current}).`
          : `${target.label}: ${describeBehind(before)}`,
      )
      return before.pending.length === 0 ? 0 : 1
    }
    if (before.pending.length > 0) io.out(`${target.label}: ${describeBehind(before)}`)
    const after = await target.migrate()
    for (const version of after.applied) io.out(`applied migration ${version}.`)
    io.out(`${target.label}: up to date (version ${after.current}).`)
    return 0
  } catch (error) {
    io.err(`gatehouse migrate: ${target.label}: ${(error as Error).message}`)
    return 1
  } finally {
    await target.close()
  }
}
