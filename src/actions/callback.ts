import { completeSignIn } from '../flows/complete-sign-in.js'
import { flowFor } from '../flows/flow-for.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'

/** GET or POST /callback/{id}: the provider's flow finishes, then sign-in completes through the one shared path. */
export async function callback(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.provider!
  const outcome = await flowFor(provider).finish(ctx, provider)
  if (!('user' in outcome)) return outcome
  return completeSignIn(ctx, outcome)
}
