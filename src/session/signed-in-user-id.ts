import type { RequestContext } from '../routing/request-context.js'

/**
 * The adapter user already signed in on this request, or `null`, as the session strategy finds it. Account linking
 * needs it to attach a new provider to that user; without an adapter that can read users there is none.
 */
export async function signedInUserId(ctx: RequestContext): Promise<string | null> {
  if (!ctx.config.adapter?.getUser) return null
  return ctx.config.sessionStrategy.signedInUserId(ctx)
}
