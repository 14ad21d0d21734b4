import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Keycloak realm (OpenID Connect). Set `issuer` to the realm, e.g.
 * `https://keycloak.example.com/realms/my-realm`; endpoints come from discovery.
 *
 * @example
 * ```ts
 * import Keycloak from 'gatehouse-auth/providers/keycloak'
 * createAuth({ providers: [Keycloak] }) // AUTH_KEYCLOAK_ID, AUTH_KEYCLOAK_SECRET, AUTH_KEYCLOAK_ISSUER
 * ```
 * @see https://www.keycloak.org/docs/latest/securing_apps/#_oidc
 */
export default function Keycloak(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'keycloak',
    name: 'Keycloak',
    type: 'oidc',
    style: { bg: '#428bca', text: '#fff' },
    options,
  }
}
