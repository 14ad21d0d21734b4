/**
 * Ending a user's sessions from the server, for both strategies: what a password change or reset, "sign out
 * everywhere" and an administrator call.
 *
 * @module
 */
import { readChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { decodeSessionToken, encodeSessionToken, sessionCookies } from '../session/jwt-session.js'
import type { SessionReadContext } from '../session/session-strategy.js'
import { sessionTokenKeys } from '../session/session-token-key.js'
import type { Cookie } from '../types.js'
import {
  GENERATION_CLAIM,
  isRevoked,
  knownRevocations,
  raiseGeneration,
} from '../session/session-revocation.js'

/** Options of {@link revokeUserSessions}. */
export interface RevokeUserSessionsOptions {
  /**
   * Keep the session this request's cookie holds (when it is the user's): a password change ends the other
   * sessions, not the one that changed it. Default `false`: every session ends.
   */
  keep?: boolean | undefined
}

/** Deletes the user's database sessions, all but the kept cookie's when asked. */
async function endDatabaseSessions(ctx: SessionReadContext, userId: string, keep: boolean): Promise<void> {
  const { config } = ctx
  const adapter = config.adapter
  if (adapter === undefined) return
  const token = keep ? readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name) : undefined
  const kept = new Set(token === undefined ? [] : sessionTokenKeys(token, config.session.tokenStorage))
  if (kept.size === 0 && typeof adapter.deleteSessions === 'function') {
    await adapter.deleteSessions(userId)
    return
  }
  if (typeof adapter.listSessions !== 'function' || typeof adapter.deleteSession !== 'function') {
    config.logger.warn('sign-out-everywhere-unsupported')
    return
  }
  for (const session of await adapter.listSessions(userId)) {
    if (!kept.has(session.sessionToken)) await adapter.deleteSession(session.sessionToken)
  }
}

/** The kept JWT session re-issued under the new generation, when the cookie holds a standing session of the user. */
async function reissueKept(ctx: SessionReadContext, userId: string, generation: number): Promise<Cookie[]> {
  const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
  if (value === undefined) return []
  const decoded = await decodeSessionToken(ctx, value)
  if (!decoded || decoded.payload.sub !== userId) return []
  const revocation = ctx.config.sessionRevocation!
  // Judged by what was known before the raise: a session revoked on its own stays revoked.
  const known = await knownRevocations(revocation, userId)
  if (isRevoked({ ...known, generation: generation - 1 }, decoded.payload)) return []
  const token = { ...decoded.payload, [GENERATION_CLAIM]: generation }
  return sessionCookies(ctx, await encodeSessionToken(ctx, token), Date.now())
}

/**
 * Ends every session of `userId` (all but this request's with `keep: true`): database sessions are deleted, and
 * where JWT revocations are remembered the user's session generation is raised, so every JWT issued before fails
 * its next check (on another instance within `session.revocationCheckInterval`). Answers the cookies to set: the
 * kept JWT session re-issued under the new generation (none for database sessions, whose cookie stays valid).
 *
 * @example
 * ```ts
 * const cookies = await revokeUserSessions(ctx, user.id, { keep: true })
 * ```
 */
export async function revokeUserSessions(
  ctx: SessionReadContext,
  userId: string,
  options: RevokeUserSessionsOptions = {},
): Promise<Cookie[]> {
  const keep = options.keep === true
  const { config } = ctx
  if (config.session.strategy === 'database') await endDatabaseSessions(ctx, userId, keep)
  const revocation = config.sessionRevocation
  if (revocation === undefined) {
    if (config.session.strategy === 'jwt') config.logger.warn('sign-out-everywhere-unsupported')
    return []
  }
  const generation = await raiseGeneration(revocation, userId)
  return keep && config.session.strategy === 'jwt' ? reissueKept(ctx, userId, generation) : []
}
