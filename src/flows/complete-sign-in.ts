import type { ProviderConfig } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { passSignInGates } from './pass-sign-in-gates.js'
import { resolveSignIn } from './resolve-sign-in.js'
import type { FlowIdentity, SignInFlow } from './sign-in-flow.js'

/**
 * The one path every provider kind ends in, after its flow's `finish`: the sign-in resolved (`signIn` callback,
 * users and accounts in the adapter), passed through the sign-in gates, then the session issued (`jwt` callback,
 * `events.signIn`, the redirect). `flow` is the provider's own, as the callback found it.
 */
export async function completeSignIn<Config extends ProviderConfig, Data>(
  ctx: RequestContext,
  flow: SignInFlow<Config, Data>,
  identity: FlowIdentity<Data>,
): Promise<ResponseInternal> {
  const resolution = await resolveSignIn(ctx, flow, identity)
  if ('answer' in resolution) return resolution.answer
  return passSignInGates(ctx, resolution.signIn)
}
