import type { RequestContext } from '../routing/request-context.js'
import { sessionTokenKeys } from '../session/session-token-key.js'

/**
 * Ends every session of `userId` except the one whose cookie holds `keepSessionToken` (the browser that changed its
 * password stays signed in; after a reset none is kept). The one place the password flows end sessions: database
 * sessions through the adapter here; JWT sessions, which no store lists, end through the per-user session
 * generation of the sessions work (issue #25), wired in here when it lands.
 */
export async function endOtherSessions(
  ctx: RequestContext,
  userId: string,
  keepSessionToken?: string,
): Promise<void> {
  const adapter = ctx.config.adapter
  if (adapter === undefined || ctx.config.session.strategy !== 'database') return
  if (keepSessionToken === undefined && adapter.deleteSessions) {
    await adapter.deleteSessions(userId)
    return
  }
  if (adapter.listSessions && adapter.deleteSession) {
    // The adapter keeps the token's hash (or the token, for Auth.js rows): the keys this cookie may be stored as.
    const keep = new Set(
      keepSessionToken === undefined
        ? []
        : sessionTokenKeys(keepSessionToken, ctx.config.session.tokenStorage),
    )
    for (const session of await adapter.listSessions(userId)) {
      if (!keep.has(session.sessionToken)) await adapter.deleteSession(session.sessionToken)
    }
    return
  }
  ctx.config.logger.warn(
    'sign-out-everywhere-unsupported',
    'The adapter cannot list or delete a user’s sessions (listSessions, deleteSessions): after a password change or reset, other sessions stay signed in.',
  )
}
