/**
 * What people see of a session: when it began and was last seen, the browser, the client address. Database
 * sessions keep it in nullable columns of their row; JWT sessions in a small record keyed by their session id.
 *
 * @module
 */

/** What is recorded of a session when it begins, and refreshed while it is used. */
export interface SessionMetadata {
  createdAt: Date
  /** Refreshed when the session's expiry is (every `session.updateAge`), so it is exact to within that. */
  lastSeenAt: Date
  /** The `User-Agent` header as sent (at most 512 characters). */
  userAgent: string | null
  /** The client address as the integration saw it (behind `trustProxy`, the proxy's forwarded one). */
  clientAddress: string | null
}

/** The record of one JWT session. */
export interface JwtSessionRecord extends SessionMetadata {
  /** The session id (the token's `gh_sid`). */
  id: string
  userId: string
  /** The user's session generation the session was issued under: a raised generation ends it. */
  generation: number
  expires: Date
}

/**
 * Where JWT session records are kept: Gatehouse's adapters, `MemoryStore` and `RedisStore` (beside the
 * revocations). Every method may reject; recording is best effort and never blocks a sign-in.
 */
export interface SessionRecordStore {
  createJwtSession(record: JwtSessionRecord): Promise<void>
  /** The user's records, expired ones left out. */
  listJwtSessions(userId: string): Promise<JwtSessionRecord[]>
  updateJwtSession(userId: string, id: string, changes: { lastSeenAt: Date; expires: Date }): Promise<void>
  deleteJwtSession(userId: string, id: string): Promise<void>
}

/** Whether `value` has the methods of a {@link SessionRecordStore}. */
export function isSessionRecordStore(value: unknown): value is SessionRecordStore {
  const store = value as Partial<SessionRecordStore> | null | undefined
  return (
    typeof store === 'object' &&
    store !== null &&
    typeof store.createJwtSession === 'function' &&
    typeof store.listJwtSessions === 'function' &&
    typeof store.updateJwtSession === 'function' &&
    typeof store.deleteJwtSession === 'function'
  )
}

/** Longest user agent kept: enough for every real browser, bounded against a hostile header. */
export const MAX_USER_AGENT = 512

/** The metadata of a session beginning now on this request. */
export function newMetadata(
  userAgent: string | null | undefined,
  clientAddress: string | undefined,
): SessionMetadata {
  const now = new Date()
  return {
    createdAt: now,
    lastSeenAt: now,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    clientAddress: clientAddress ? clientAddress.slice(0, 64) : null,
  }
}
