import type { Kysely, Selectable } from 'kysely'
import type { AdapterSession, AdapterUser } from '../../adapter.js'
import type { DatabaseSchema, StoredDate, StoredText, UsersTable } from '../database-schema.js'
import type { AdapterMethods, SqlContext } from '../sql-context.js'
import { text, toDate } from '../stored-value.js'
import { toUser } from './users.js'

/** The columns of a session row the adapter returns. */
const SESSION_COLUMNS = ['id', 'sessionToken', 'userId', 'expires'] as const

/** A `sessions` row as the adapter returns it, its own `id` included (Auth.js's adapters return it too). */
function toSession(row: {
  id: string | number
  sessionToken: StoredText
  userId: string | number
  expires: StoredDate
}): AdapterSession {
  return {
    id: String(row.id),
    sessionToken: text(row.sessionToken),
    userId: String(row.userId),
    expires: toDate(row.expires),
  }
}

/**
 * The query behind `getSessionAndUser`; SQLiteAdapter and MySQLAdapter compile it once and run it as a prepared
 * statement.
 */
export function sessionAndUserQuery(db: Kysely<DatabaseSchema>, sessionToken: string) {
  // One indexed query per session check: the join rides the unique index on sessionToken and the users PK.
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.sessionToken',
      'sessions.expires',
      'users.id',
      'users.name',
      'users.email',
      'users.emailVerified',
      'users.image',
      'sessions.id as sessionId',
    ])
    .where('sessions.sessionToken', '=', sessionToken)
}

/** A row of {@link sessionAndUserQuery} as the adapter result. */
export function toSessionAndUser(
  row: Selectable<UsersTable> & { sessionToken: StoredText; expires: StoredDate; sessionId: string | number },
): { session: AdapterSession; user: AdapterUser } {
  const user = toUser(row)
  return {
    session: {
      id: String(row.sessionId),
      sessionToken: text(row.sessionToken),
      userId: user.id,
      expires: toDate(row.expires),
    },
    user,
  }
}

/** The adapter methods of the `sessions` table. */
export function sessionsTable({
  db,
  date,
  returning,
  newId,
}: SqlContext): AdapterMethods<
  | 'createSession'
  | 'getSessionAndUser'
  | 'updateSession'
  | 'deleteSession'
  | 'listSessions'
  | 'deleteSessions'
  | 'updateSessionMetadata'
> {
  const getSession = async (sessionToken: string): Promise<AdapterSession | null> => {
    const row = await db
      .selectFrom('sessions')
      .select(SESSION_COLUMNS)
      .where('sessionToken', '=', sessionToken)
      .executeTakeFirst()
    return row ? toSession(row) : null
  }
  return {
    async createSession(session) {
      await db
        .insertInto('sessions')
        .values({
          ...newId(),
          userId: session.userId,
          expires: date(session.expires),
          sessionToken: session.sessionToken,
        })
        .execute()
      const { sessionToken, userId, expires } = session
      return { sessionToken, userId, expires }
    },
    async getSessionAndUser(sessionToken) {
      const row = await sessionAndUserQuery(db, sessionToken).executeTakeFirst()
      return row ? toSessionAndUser(row) : null
    },
    async updateSession({ sessionToken, expires, userId }) {
      const set: { expires?: StoredDate; userId?: string } = {}
      if (expires !== undefined) set.expires = date(expires)
      if (userId !== undefined) set.userId = userId
      if (Object.keys(set).length === 0) return getSession(sessionToken)
      const query = db.updateTable('sessions').set(set).where('sessionToken', '=', sessionToken)
      if (returning) {
        const row = await query.returning(SESSION_COLUMNS).executeTakeFirst()
        return row ? toSession(row) : null
      }
      const result = await query.executeTakeFirst()
      return result.numUpdatedRows > 0n ? getSession(sessionToken) : null
    },
    async deleteSession(sessionToken) {
      const query = db.deleteFrom('sessions').where('sessionToken', '=', sessionToken)
      if (returning) {
        const row = await query.returning(SESSION_COLUMNS).executeTakeFirst()
        return row ? toSession(row) : null
      }
      // MySQL has no RETURNING: read the row and delete it in one transaction, so the caller still gets what was
      // deleted (events.signOut reports it).
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sessions')
          .select(SESSION_COLUMNS)
          .where('sessionToken', '=', sessionToken)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return null
        await trx.deleteFrom('sessions').where('sessionToken', '=', sessionToken).execute()
        return toSession(row)
      })
    },
    async listSessions(userId) {
      const rows = await db
        .selectFrom('sessions')
        .select([...SESSION_COLUMNS, 'createdAt', 'lastSeenAt', 'userAgent', 'clientAddress'])
        .where('userId', '=', userId)
        .execute()
      // The metadata of schema version 7, null for sessions begun before it (or by an Auth.js adapter).
      return rows.map((row) => ({
        ...toSession(row),
        createdAt: row.createdAt == null ? null : toDate(row.createdAt),
        lastSeenAt: row.lastSeenAt == null ? null : toDate(row.lastSeenAt),
        userAgent: row.userAgent ?? null,
        clientAddress: row.clientAddress ?? null,
      }))
    },
    async updateSessionMetadata(sessionToken, metadata) {
      const set: Record<string, StoredDate | string | null> = {}
      if (metadata.createdAt) set['createdAt'] = date(metadata.createdAt)
      if (metadata.lastSeenAt) set['lastSeenAt'] = date(metadata.lastSeenAt)
      if (metadata.userAgent !== undefined) set['userAgent'] = metadata.userAgent
      if (metadata.clientAddress !== undefined) set['clientAddress'] = metadata.clientAddress
      if (Object.keys(set).length === 0) return
      await db.updateTable('sessions').set(set).where('sessionToken', '=', sessionToken).execute()
    },
    async deleteSessions(userId) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute()
    },
  }
}
