import type { Kysely } from 'kysely'
import type { DatabaseSchema } from './database-schema.js'
import type { SqlDialect } from './sql-dialect.js'

/** What {@link pruneExpired} deleted. */
export interface PruneResult {
  /** Sessions whose `expires` had passed. */
  sessions: number
  /** E-mail sign-in tokens whose `expires` had passed. */
  verificationTokens: number
  /** Counters and used values of `SqlStore` whose time was up (schema version 8). */
  sharedState: number
  /** Revoked JWT session ids whose tokens would have expired anyway. */
  sessionRevocations: number
  /** Audit events older than the retention. */
  auditEvents: number
}

/** Options of {@link pruneExpired}. */
export interface PruneExpiredOptions {
  /** Days audit events are kept. Default 365. */
  auditRetentionDays?: number | undefined
}

const DAY_MS = 86_400_000

/**
 * Deletes expired sessions, expired verification tokens and the expired rows of `SqlStore`. The session check already deletes an expired session it
 * meets, but a session never presented again (a cleared browser, a lost phone) and a link never opened would stay
 * forever. Each table is one `DELETE … WHERE expires < now`, using the `expires` index where there is one.
 */
export async function pruneExpired(
  db: Kysely<DatabaseSchema>,
  dialect: SqlDialect,
  now: Date = new Date(),
  options: PruneExpiredOptions = {},
): Promise<PruneResult> {
  // SQLite stores dates as epoch milliseconds (see sql-context.ts).
  const cutoff = dialect === 'sqlite' ? now.getTime() : now
  const sessions = await db.deleteFrom('sessions').where('expires', '<', cutoff).executeTakeFirst()
  const tokens = await db.deleteFrom('verification_token').where('expires', '<', cutoff).executeTakeFirst()
  const revocations = await db
    .deleteFrom('session_revocations')
    .where('expires', '<', cutoff)
    .executeTakeFirst()
  await db.deleteFrom('jwt_sessions').where('expires', '<', cutoff).execute()
  const kept = new Date(now.getTime() - (options.auditRetentionDays ?? 365) * DAY_MS)
  const audit = await db
    .deleteFrom('audit_events')
    .where('createdAt', '<', dialect === 'sqlite' ? kept.getTime() : kept)
    .executeTakeFirst()
  const shared = await db
    .deleteFrom('gatehouse_shared_state')
    .where('expires', '<=', now.getTime())
    .executeTakeFirst()
  return {
    auditEvents: Number(audit.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    verificationTokens: Number(tokens.numDeletedRows),
    sessionRevocations: Number(revocations.numDeletedRows),
    sharedState: Number(shared.numDeletedRows),
  }
}
