import type { CommandIo } from './migrate-command.js'
import { databaseFromArgs } from './open-database.js'

/**
 * `gatehouse-auth prune --database <url>`: deletes expired sessions and expired e-mail sign-in tokens, and says how many.
 * Run it from a scheduled job (cron, a platform's scheduler), or give a SQL adapter `pruneEvery` instead. A database
 * that is behind on migrations is refused, since its tables may not be the ones this version expects.
 */
export async function pruneCommand(args: readonly string[], io: CommandIo): Promise<number> {
  // `--audit-retention-days N` (default 365): audit events older than that are deleted.
  let auditRetentionDays: number | undefined
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const value = arg.startsWith('--audit-retention-days=')
      ? arg.slice('--audit-retention-days='.length)
      : arg === '--audit-retention-days'
        ? (args[++i] ?? '')
        : undefined
    if (value === undefined) {
      rest.push(arg)
      continue
    }
    if (!/^\d{1,6}$/.test(value)) {
      io.err('gatehouse-auth prune: --audit-retention-days takes a whole number of days.')
      return 2
    }
    auditRetentionDays = Number(value)
  }
  const opened = await databaseFromArgs('prune', rest, (line) => io.err(line))
  if (typeof opened === 'number') return opened
  const { target } = opened
  try {
    const status = await target.status()
    if (status.pending.length > 0) {
      io.err(
        `gatehouse-auth prune: ${target.label}: the database is at version ${status.current}, this Gatehouse needs ` +
          `${status.latest}; run \`gatehouse-auth migrate\` first.`,
      )
      return 1
    }
    const deleted = await target.prune({ auditRetentionDays })
    io.out(
      `${target.label}: deleted ${deleted.sessions} expired session(s), ${deleted.verificationTokens} expired ` +
        `sign-in token(s) and ${deleted.sharedState} expired counter(s) and used value(s).`,
    )
    if (deleted.auditEvents > 0)
      io.out(`${target.label}: deleted ${deleted.auditEvents} audit event(s) past their retention.`)
    return 0
  } catch (error) {
    io.err(`gatehouse-auth prune: ${target.label}: ${(error as Error).message}`)
    return 1
  } finally {
    await target.close()
  }
}
