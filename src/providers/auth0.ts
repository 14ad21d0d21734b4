import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Auth0 tenant (OpenID Connect). Set `issuer` (or `AUTH_AUTH0_ISSUER`) to your tenant's
 * domain, e.g. `https://example.eu.auth0.com`; endpoints come from discovery.
 *
 * @example
 * ```ts
 * import Auth0 from 'gatehouse-auth/providers/auth0'
 * createAuth({ providers: [Auth0] }) // AUTH_AUTH0_ID, AUTH_AUTH0_SECRET, AUTH_AUTH0_ISSUER
 * ```
 * @see https://auth0.com/docs/authenticate/protocols/openid-connect-protocol
 */
export default function Auth0(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'auth0',
    name: 'Auth0',
    type: 'oidc',
    style: { bg: '#eb5424', text: '#fff' },
    options,
  }
}
