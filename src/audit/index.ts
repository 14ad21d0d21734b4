/**
 * `gatehouse-auth/audit`: a user's account events (sign-ins and failures, sign-outs, sessions ended, passkeys
 * added, e-mail verified; password and two-factor events as those features record them), newest first, from an
 * adapter of Gatehouse's (the `audit_events` table, schema version 7, or memory).
 *
 * @example
 * ```ts
 * import { listAuditEvents } from 'gatehouse-auth/audit'
 * ```
 * @module
 */
import type { AuthConfig } from '../types.js'
import type { AuditEvent, ListAuditEventsOptions } from './audit-event.js'

export type { AuditEvent, AuditEventType, ListAuditEventsOptions } from './audit-event.js'

/**
 * The user's audit events, newest first: at most `limit` (default 50, at most 1000), only before `before` when
 * given (to page). An empty list when the adapter keeps no audit trail.
 */
export async function listAuditEvents(
  config: Pick<AuthConfig, 'adapter'>,
  userId: string,
  options: ListAuditEventsOptions = {},
): Promise<AuditEvent[]> {
  const adapter = config.adapter
  if (typeof adapter?.listAuditEvents !== 'function') return []
  const limit = Math.min(1000, Math.max(1, Math.floor(options.limit ?? 50)))
  return adapter.listAuditEvents(userId, { limit, before: options.before })
}
