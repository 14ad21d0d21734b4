/**
 * A user's sessions as people see them, for both strategies, and ending one of them. Internal: the public
 * functions (`gatehouse-auth/sessions`) and the HTTP routes both call these with a resolved configuration.
 *
 * @module
 */
import type { ResolvedConfig } from '../config/resolved-config.js'
import { readChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { findSession } from '../session/database-session.js'
import { decodeSessionToken } from '../session/jwt-session.js'
import type { SessionReadContext } from '../session/session-strategy.js'
import { sessionLabel } from './session-label.js'
import {
  SESSION_ID_CLAIM,
  isRevoked,
  knownRevocations,
  revokeSessionId,
} from '../session/session-revocation.js'

/** One session of a user, as listed. Never its token. */
export interface SessionSummary {
  /** The session's id: the database row's, or the JWT's session id (`gh_sid`). */
  id: string
  strategy: 'jwt' | 'database'
  /** Whether it is the session of the request that asked. */
  current: boolean
  createdAt: Date | null
  lastSeenAt: Date | null
  expires: Date
  /** A short name of the browser ("Firefox on Linux"), from the user agent. */
  label: string | null
  userAgent: string | null
  clientAddress: string | null
}

/** The session a request's cookie holds: its user and id, or `null` (none, expired, revoked, not listable). */
export async function currentSession(
  ctx: SessionReadContext,
): Promise<{ userId: string; id: string | undefined } | null> {
  const value = readChunkedCookie(ctx.req.cookies, ctx.cookies.sessionToken.name)
  if (value === undefined) return null
  if (ctx.config.session.strategy === 'database') {
    const found = await findSession(ctx, value)
    if (!found || found.session.expires.getTime() <= Date.now()) return null
    return { userId: found.user.id, id: found.session.id }
  }
  const decoded = await decodeSessionToken(ctx, value)
  const sub = decoded?.payload.sub
  if (!decoded || typeof sub !== 'string') return null
  const revocation = ctx.config.sessionRevocation
  if (revocation !== undefined && isRevoked(await knownRevocations(revocation, sub), decoded.payload))
    return null
  const id = decoded.payload[SESSION_ID_CLAIM]
  return { userId: sub, id: typeof id === 'string' ? id : undefined }
}

/**
 * The user's sessions, newest first. Database sessions: the adapter's `listSessions`; JWT sessions: the records
 * where revocations are remembered, less the revoked ones (a raised generation, or revoked one by one).
 */
export async function userSessions(
  config: ResolvedConfig,
  userId: string,
  currentId?: string,
): Promise<SessionSummary[]> {
  const now = Date.now()
  let list: SessionSummary[] = []
  if (config.session.strategy === 'database') {
    const adapter = config.adapter
    if (typeof adapter?.listSessions !== 'function') return []
    list = (await adapter.listSessions(userId))
      .filter((s) => s.userId === userId && new Date(s.expires).getTime() > now && s.id !== undefined)
      .map((s) => ({
        id: s.id!,
        strategy: 'database',
        current: s.id === currentId,
        createdAt: s.createdAt ?? null,
        lastSeenAt: s.lastSeenAt ?? null,
        expires: new Date(s.expires),
        label: sessionLabel(s.userAgent),
        userAgent: s.userAgent ?? null,
        clientAddress: s.clientAddress ?? null,
      }))
  } else {
    const revocation = config.sessionRevocation
    if (revocation?.records === undefined) return []
    const known = await knownRevocations(revocation, userId)
    list = (await revocation.records.listJwtSessions(userId))
      .filter((r) => r.userId === userId && r.expires.getTime() > now)
      .filter((r) => !isRevoked(known, { sub: userId, [SESSION_ID_CLAIM]: r.id, gh_gen: r.generation }))
      .map((r) => ({
        id: r.id,
        strategy: 'jwt',
        current: r.id === currentId,
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
        expires: r.expires,
        label: sessionLabel(r.userAgent),
        userAgent: r.userAgent,
        clientAddress: r.clientAddress,
      }))
  }
  const time = (s: SessionSummary) => (s.lastSeenAt ?? s.createdAt ?? s.expires).getTime()
  return list.sort((a, b) => time(b) - time(a))
}

/**
 * Ends one session of the user, found among the user's own sessions only (so an id of another user's session ends
 * nothing): `true` when it was found and ended.
 */
export async function endUserSession(
  config: ResolvedConfig,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  if (config.session.strategy === 'database') {
    const adapter = config.adapter
    if (typeof adapter?.listSessions !== 'function' || typeof adapter.deleteSession !== 'function')
      return false
    const own = (await adapter.listSessions(userId)).find((s) => s.id === sessionId && s.userId === userId)
    if (!own) return false
    await adapter.deleteSession(own.sessionToken)
    return true
  }
  const revocation = config.sessionRevocation
  if (revocation?.records === undefined) return false
  const own = (await revocation.records.listJwtSessions(userId)).find((r) => r.id === sessionId)
  if (!own || own.userId !== userId) return false
  const expires = new Date(Date.now() + Math.max(config.session.maxAge, config.jwt.maxAge) * 1000)
  await revokeSessionId(revocation, userId, sessionId, expires)
  await revocation.records.deleteJwtSession(userId, sessionId)
  return true
}
