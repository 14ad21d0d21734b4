import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an authentik OAuth2/OpenID provider (OpenID Connect). Set `issuer` (or
 * `AUTH_AUTHENTIK_ISSUER`) to the application's issuer, e.g. `https://authentik.example.com/application/o/my-
 * app/`.
 *
 * @example
 * ```ts
 * import Authentik from 'gatehouse-auth/providers/authentik'
 * createAuth({ providers: [Authentik] }) // AUTH_AUTHENTIK_ID, AUTH_AUTHENTIK_SECRET, AUTH_AUTHENTIK_ISSUER
 * ```
 * @see https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/
 */
export default function Authentik(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'authentik',
    name: 'Authentik',
    type: 'oidc',
    style: { bg: '#fd4b2d', text: '#fff' },
    options,
  }
}
