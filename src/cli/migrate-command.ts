import type { MigrationStatus } from '../adapters/sql/migrate-database.js'
import { openDatabase, type DatabaseTarget } from './open-database.js'

/** Where the command writes; injectable for tests. */
export interface CommandIo {
  out(line: string): void
  err(line: string): void
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
  let target: DatabaseTarget
  try {
    target = await openDatabase(url)
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
