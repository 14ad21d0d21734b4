/**
 * Where revocations of JWT sessions are remembered: per user, a session generation (raising it ends every session
 * issued before) and the session ids revoked one by one. The adapters of Gatehouse (memory and SQL), `MemoryStore`
 * and `RedisStore` implement it; an Auth.js adapter does not, and JWT sessions are then not revocable (as before).
 *
 * @module
 */

/** What is revoked of one user's JWT sessions: one read answers both questions a session check asks. */
export interface SessionRevocations {
  /** The user's session generation: a token issued under a lower one is revoked. `0` for a user never bumped. */
  generation: number
  /** The session ids (a token's `gh_sid`) revoked one by one and not yet expired. */
  revoked: readonly string[]
}

/**
 * A store of JWT session revocations. Every method may reject (the store is down); the caller then refuses the
 * session it could not check rather than guessing.
 */
export interface SessionRevocationStore {
  /** The user's generation and revoked session ids, in one lookup. */
  getSessionRevocations(userId: string): Promise<SessionRevocations>
  /** Revokes one session id of the user; the entry may be forgotten after `expires` (the token's last expiry). */
  addSessionRevocation(userId: string, sessionId: string, expires: Date): Promise<void>
  /** Raises the user's generation by one, ending every session issued before; answers the new generation. */
  incrementSessionGeneration(userId: string): Promise<number>
}

/** Whether `value` has the three methods of a {@link SessionRevocationStore} (an adapter may). */
export function isSessionRevocationStore(value: unknown): value is SessionRevocationStore {
  const store = value as Partial<SessionRevocationStore> | null | undefined
  return (
    typeof store === 'object' &&
    store !== null &&
    typeof store.getSessionRevocations === 'function' &&
    typeof store.addSessionRevocation === 'function' &&
    typeof store.incrementSessionGeneration === 'function'
  )
}
