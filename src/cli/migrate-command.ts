import type { MigrationStatus } from '../adapters/sql/migrate-database.js'
import { databaseFromArgs } from './open-database.js'

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
 * `gatehouse-auth migrate --database <url> [--check]`: applies pending migrations, or with `--check` only says whether
 * the database is behind (exit code 1 when it is, for deploy scripts).
 */
export async function migrateCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const opened = await databaseFromArgs('migrate', args, (line) => io.err(line), ['--check'])
  if (typeof opened === 'number') return opened
  const { target } = opened
  const check = opened.flags.has('--check')
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
    io.err(`gatehouse-auth migrate: ${target.label}: ${(error as Error).message}`)
    return 1
  } finally {
    await target.close()
  }
}
