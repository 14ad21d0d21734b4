import type { ResolvedProvider } from '../config/resolve-providers.js'
import { InvalidProvider } from '../errors.js'
import type { ProviderType } from '../providers/provider-types.js'
import { credentialsFlow } from './credentials/credentials-flow.js'
import { emailFlow } from './email/email-flow.js'
import { oauthProviderKind } from './oauth/oauth-provider-kind.js'
import type { SignInFlow } from './sign-in-flow.js'
import { webauthnFlow } from './webauthn/webauthn-flow.js'

/** A flow for every provider kind: the type the flow table must satisfy. */
export type FlowTable = Readonly<Record<ProviderType, SignInFlow>>

/**
 * The one list of provider kinds. A kind missing here does not compile; adding one touches its folder under
 * `flows/` and this table (see the note on `routing/route-table.ts`). The order is the one configuration errors
 * list the kinds in.
 */
export const flows = Object.freeze({
  oauth: oauthProviderKind,
  oidc: oauthProviderKind,
  email: emailFlow,
  credentials: credentialsFlow,
  webauthn: webauthnFlow,
} satisfies FlowTable)

/** The flow of a provider kind named by a string (configuration input, an account's type), if it is one. */
export function flowForType(type: string): SignInFlow | undefined {
  return Object.hasOwn(flows, type) ? flows[type as ProviderType] : undefined
}

/** The flow of a resolved provider's kind. */
export function flowFor(provider: ResolvedProvider): SignInFlow {
  const flow = flowForType(provider.type)
  // Configuration refuses any other type; kept for a provider object changed after it was resolved.
  if (!flow) {
    throw new InvalidProvider(
      `Provider "${provider.id}" is of type "${String(provider.type)}", which is unknown.`,
      {
        reason: 'provider_kind_unknown',
      },
    )
  }
  return flow
}
