import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Ory Hydra (or Ory Network) OAuth 2.0 and OpenID Connect server. Set `issuer` (or `AUTH_HYDRA_ISSUER`) to its public URL. As in Auth.js, the module is `ory-hydra` but the provider id is `hydra` (callback `/callback/hydra`).
 *
 * @see https://www.ory.sh/docs/hydra/guides/oauth2-clients
 */
export default function OryHydra(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'hydra',
    name: 'Hydra',
    type: 'oidc',
    style: { bg: '#fff', text: '#0f172a' },
    options,
  }
}
