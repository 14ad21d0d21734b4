import type { ResolvedProvider } from '../config/resolved-provider.js'
import { InvalidProvider } from '../errors.js'
import type { ProviderConfig, ProviderType } from '../providers/provider-types.js'
import { credentialsFlow } from './credentials/credentials-flow.js'
import { emailFlow } from './email/email-flow.js'
import { oauthProviderKind } from './oauth/oauth-provider-kind.js'
import type { SignInFlow } from './sign-in-flow.js'
import type { WebAuthnRegistration } from './webauthn/webauthn-registration.js'
import { webauthnFlow } from './webauthn/webauthn-flow.js'

/** The provider configuration of a kind: the member of `ProviderConfig` whose `type` admits it. */
export type ProviderConfigOf<Type extends ProviderType, Config = ProviderConfig> = Config extends {
  type: infer Admitted
}
  ? Type extends Admitted
    ? Config
    : never
  : never

/** What each kind's `finish` hands on to its own `storeUser`; kinds without such data have none. */
interface FlowData {
  oauth: undefined
  oidc: undefined
  email: undefined
  credentials: undefined
  webauthn: WebAuthnRegistration | undefined
}

/** A flow for every provider kind, each typed by its kind's configuration and data: the flow table's type. */
export type FlowTable = {
  readonly [Type in ProviderType]: SignInFlow<ProviderConfigOf<Type>, FlowData[Type]>
}

/**
 * The one list of provider kinds. A kind missing here does not compile; adding one touches its folder under
 * `flows/` and this table (see the note on `routing/route-table.ts`). The order is the one configuration errors
 * list the kinds in.
 */
export const flows: FlowTable = Object.freeze({
  oauth: oauthProviderKind,
  oidc: oauthProviderKind,
  email: emailFlow,
  credentials: credentialsFlow,
  webauthn: webauthnFlow,
})

/** Whether `type` names a provider kind (an own key of the table: `constructor` or `__proto__` are not). */
function isProviderType(type: string): type is ProviderType {
  return Object.hasOwn(flows, type)
}

/**
 * The flow of a provider kind named by a string (configuration input), if it is one. A flow is reached by its
 * provider's own `type`, so each is handed only providers of its kind.
 */
export function flowForType(type: string): SignInFlow | undefined {
  return isProviderType(type) ? flows[type] : undefined
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
