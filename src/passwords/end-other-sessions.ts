import type { RequestContext } from '../routing/request-context.js'
import { revokeUserSessions } from '../user-sessions/revoke-sessions.js'
import type { Cookie } from '../types.js'

/**
 * Ends every session of `userId` but this browser's (`keep`, after a password change) or every one (after a reset),
 * on both strategies: database sessions are deleted and, where JWT revocations are remembered, the user's session
 * generation is raised (`revokeUserSessions`). It also voids the user's remembered browsers (two-factor), so a
 * browser trusted while the old password was known asks for the second factor again. The one place the password
 * flows end sessions. Answers the cookies to set: this browser's JWT session re-issued under the new generation.
 */
export async function endOtherSessions(
  ctx: RequestContext,
  userId: string,
  keep: boolean,
): Promise<Cookie[]> {
  const cookies = await revokeUserSessions(ctx, userId, { keep })
  await ctx.config.adapter?.voidTrustedDevices?.(userId)
  return cookies
}
