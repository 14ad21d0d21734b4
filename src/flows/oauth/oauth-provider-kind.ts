import { providerEnv } from '../../lib/provider-env.js'
import type { OAuthConfig } from '../../providers/provider-types.js'
import type { SignInFlow } from '../sign-in-flow.js'
import { oauthFlow } from './oauth-flow.js'
import { oauthSignInButton } from './oauth-sign-in-button.js'

/**
 * OAuth 2.0 and OpenID Connect as a provider kind: the sign-in steps of {@link oauthFlow}, account linking with an
 * adapter, a button on the sign-in page, and client id, secret and issuer from `AUTH_{ID}_*` when not configured.
 */
export const oauthProviderKind: SignInFlow<OAuthConfig, undefined> = {
  ...oauthFlow,
  adapterFeatures: ['accounts'],
  linksAccounts: true,
  sessionUserFromAdapter: false,
  signInSection: oauthSignInButton,
  oauthClient: true,
  fillFromEnv(provider, env) {
    const fromEnv = providerEnv(provider.id, env)
    for (const key of ['clientId', 'clientSecret', 'issuer'] as const) {
      const value = provider[key] ?? fromEnv[key]
      if (value !== undefined) provider[key] = value
    }
  },
}
