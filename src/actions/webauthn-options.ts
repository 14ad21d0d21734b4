import { flowFor } from '../flows/flow-for.js'
import { InvalidProvider } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'

/** GET /webauthn-options/{id}: answered by the flow of a kind that has options (WebAuthn). */
export function webauthnOptions(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = ctx.provider!
  const flow = flowFor(provider)
  if (!flow.options) {
    throw new InvalidProvider(`Provider "${provider.id}" (${provider.type}) has no WebAuthn options.`, {
      reason: 'no_options',
    })
  }
  return flow.options(ctx, provider)
}
