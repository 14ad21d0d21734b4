import type { JwtSessionRecord } from '../../../session/session-record.js'
import type { JwtSessionsTable } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { toDate } from '../stored-value.js'

function toRecord(row: JwtSessionsTable): JwtSessionRecord {
  return {
    id: row.id,
    userId: row.userId,
    generation: Number(row.generation),
    createdAt: toDate(row.createdAt),
    lastSeenAt: toDate(row.lastSeenAt),
    expires: toDate(row.expires),
    userAgent: row.userAgent,
    clientAddress: row.clientAddress,
  }
}

/** The adapter methods of `jwt_sessions` (schema version 7): what a user sees of their JWT sessions. */
export function jwtSessionsTable({
  db,
  date,
}: SqlContext): AdapterMethods<
  'createJwtSession' | 'listJwtSessions' | 'updateJwtSession' | 'deleteJwtSession'
> {
  return {
    async createJwtSession(r) {
      await db
        .insertInto('jwt_sessions')
        .values({
          id: r.id,
          userId: r.userId,
          generation: r.generation,
          createdAt: date(r.createdAt),
          lastSeenAt: date(r.lastSeenAt),
          expires: date(r.expires),
          userAgent: r.userAgent,
          clientAddress: r.clientAddress,
        })
        .execute()
    },
    async listJwtSessions(userId) {
      const rows = await db
        .selectFrom('jwt_sessions')
        .selectAll()
        .where('userId', '=', userId)
        .where('expires', '>', date(new Date()))
        .execute()
      return rows.map(toRecord)
    },
    async updateJwtSession(userId, id, { lastSeenAt, expires }) {
      await db
        .updateTable('jwt_sessions')
        .set({ lastSeenAt: date(lastSeenAt), expires: date(expires) })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .execute()
    },
    async deleteJwtSession(userId, id) {
      await db.deleteFrom('jwt_sessions').where('id', '=', id).where('userId', '=', userId).execute()
    },
  }
}
