import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an IdentityServer4 (OpenID Connect). IdentityServer4 is discontinued (security fixes ended in
 * November 2022): the configuration logs a warning naming `duende-identity-server6`, its successor. Set `issuer`.
 *
 * @see https://identityserver4.readthedocs.io/en/latest/
 */
export default function IdentityServer4(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'identity-server4',
    name: 'IdentityServer4',
    type: 'oidc',
    renamedTo: 'duende-identity-server6',
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
