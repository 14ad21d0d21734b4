/**
 * `gatehouse-auth/sessions`: a user's sessions for the application's own code (an account page, an admin tool, a
 * password reset): list them, end one, end all but the current one, end all. Works for both session strategies;
 * JWT sessions need revocations remembered (`stores.sessions` or an adapter of Gatehouse's, see docs/sessions.md).
 *
 * @example
 * ```ts
 * import { listSessions, revokeAllSessions } from 'gatehouse-auth/sessions'
 * ```
 * @module
 */
import { resolveConfig } from '../config/resolve-config.js'
import type { ResolvedConfig } from '../config/resolved-config.js'
import { serializeCookie } from '../cookies/serialize-cookie.js'
import { sessionReadContext } from '../session/session-read-context.js'
import type { AuthConfig } from '../types.js'
import { revokeUserSessions } from '../user-sessions/revoke-sessions.js'
import {
  currentSession,
  endUserSession,
  userSessions,
  type SessionSummary,
} from '../user-sessions/user-sessions.js'

export type { SessionSummary } from '../user-sessions/user-sessions.js'
export type { SessionRevocationStore, SessionRevocations } from '../session/session-revocation-store.js'
export type { JwtSessionRecord, SessionMetadata, SessionRecordStore } from '../session/session-record.js'

const resolved = new WeakMap<AuthConfig, ResolvedConfig>()

/** The configuration resolved once per object (revocations made here reach its handlers' cache at once). */
function resolve(config: AuthConfig): ResolvedConfig {
  let found = resolved.get(config)
  if (found === undefined) resolved.set(config, (found = resolveConfig(config)))
  return found
}

/**
 * The user's sessions, newest first: when each began and was last seen, its browser ("Firefox on Linux") and
 * client address; never a token.
 */
export function listSessions(config: AuthConfig, userId: string): Promise<SessionSummary[]> {
  return userSessions(resolve(config), userId)
}

/**
 * Ends one session of the user (an id from {@link listSessions}); `false` when the user has no such session (an id
 * of another user's session ends nothing).
 */
export function revokeSession(config: AuthConfig, userId: string, sessionId: string): Promise<boolean> {
  return endUserSession(resolve(config), userId, sessionId)
}

/**
 * Ends every session of the user (an administrator, a compromised account). JWT sessions end at their next check
 * on this instance, and within `session.revocationCheckInterval` on the others.
 */
export async function revokeAllSessions(config: AuthConfig, userId: string): Promise<void> {
  const c = resolve(config)
  const origin = c.authUrl?.origin ?? 'http://localhost'
  await revokeUserSessions(sessionReadContext(c, origin, null), userId, {})
}

/**
 * Ends every session of the request's user but the request's own. Answers the `Set-Cookie` values to send back:
 * for JWT sessions, the kept session re-issued under the user's new generation. `revoked: false` when the request
 * has no session.
 */
export async function revokeOtherSessions(
  config: AuthConfig,
  request: Request,
): Promise<{ revoked: boolean; setCookie: string[] }> {
  const c = resolve(config)
  const ctx = sessionReadContext(c, new URL(request.url).origin, request.headers.get('cookie'))
  const current = await currentSession(ctx)
  if (!current) return { revoked: false, setCookie: [] }
  const cookies = await revokeUserSessions(ctx, current.userId, { keep: true })
  return { revoked: true, setCookie: cookies.map((k) => serializeCookie(k.name, k.value, k.options)) }
}
