import type { ResolvedProvider } from '../config/resolve-providers.js'
import { InvalidProvider } from '../errors.js'
import { credentialsFlow } from './credentials-flow.js'
import { oauthFlow } from './oauth/oauth-flow.js'
import type { SignInFlow } from './sign-in-flow.js'

const flows: Partial<Record<ResolvedProvider['type'], SignInFlow>> = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oauthFlow,
}

/** The flow of a provider's kind; a kind this version cannot run is an `InvalidProvider` with the reason. */
export function flowFor(provider: ResolvedProvider): SignInFlow {
  const flow = flows[provider.type]
  if (!flow) {
    throw new InvalidProvider(
      `Provider "${provider.id}" is of type "${provider.type}", which this version of Gatehouse cannot sign in with yet.`,
      {
        code: 'provider_kind_unavailable',
      },
    )
  }
  return flow
}
