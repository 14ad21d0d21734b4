import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Duende IdentityServer (OpenID Connect). Set `issuer` (or `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`) to the server's URL; endpoints come from discovery.
 *
 * @see https://docs.duendesoftware.com/identityserver/
 */
export default function DuendeIdentityServer6(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'duende-identity-server6',
    name: 'DuendeIdentityServer6',
    type: 'oidc',
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
