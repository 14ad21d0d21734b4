import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Passage by 1Password app (OpenID Connect, client authentication `client_secret_basic`). Set `issuer` (or `AUTH_PASSAGE_ISSUER`) to the app's issuer URL.
 *
 * @see https://docs.passage.id/hosted-login/oidc-client-configuration
 */
export default function Passage(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'passage',
    name: 'Passage',
    type: 'oidc',
    client: { token_endpoint_auth_method: 'client_secret_basic' },
    style: { bg: '#3d53f6', text: '#fff' },
    options,
  }
}
