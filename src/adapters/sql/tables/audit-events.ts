import type { AuditEvent, AuditEventType } from '../../../audit/audit-event.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { toDate } from '../stored-value.js'

/** The adapter methods of `audit_events` (schema version 7): append, and a user's events newest first. */
export function auditEventsTable({
  db,
  date,
}: SqlContext): AdapterMethods<'createAuditEvent' | 'listAuditEvents'> {
  return {
    async createAuditEvent(e) {
      await db
        .insertInto('audit_events')
        .values({
          id: e.id,
          userId: e.userId,
          type: e.type,
          outcome: e.outcome,
          reason: e.reason,
          provider: e.provider,
          clientAddress: e.clientAddress,
          userAgent: e.userAgent,
          createdAt: date(e.createdAt),
        })
        .execute()
    },
    async listAuditEvents(userId, { limit, before }) {
      let query = db.selectFrom('audit_events').selectAll().where('userId', '=', userId)
      if (before !== undefined) query = query.where('createdAt', '<', date(before))
      const rows = await query.orderBy('createdAt', 'desc').limit(limit).execute()
      return rows.map((r): AuditEvent => ({
        id: r.id,
        userId: r.userId,
        type: r.type as AuditEventType,
        outcome: r.outcome === 'failure' ? 'failure' : 'success',
        reason: r.reason,
        provider: r.provider,
        clientAddress: r.clientAddress,
        userAgent: r.userAgent,
        createdAt: toDate(r.createdAt),
      }))
    },
  }
}
