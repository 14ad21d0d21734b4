import { completeSignIn } from '../flows/complete-sign-in.js'
import { flowFor } from '../flows/flow-for.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'

/**
 * GET or POST /callback/{id}: the provider's flow finishes, then sign-in completes through the one shared path,
 * with that same flow.
 */
export async function callback(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.provider!
  const flow = flowFor(provider)
  const outcome = await flow.finish(ctx, provider)
  // Cookies the flow must send whatever happens (used OAuth check cookies being cleared) go out on success too.
  const result = 'user' in outcome ? await completeSignIn(ctx, flow, outcome) : outcome
  if (ctx.failureCookies.length > 0) result.cookies = [...ctx.failureCookies, ...(result.cookies ?? [])]
  return result
}
