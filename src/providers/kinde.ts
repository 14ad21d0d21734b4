import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Kinde business (OpenID Connect, PKCE and state). Set `issuer` (or `AUTH_KINDE_ISSUER`) to your Kinde domain, e.g. `https://example.kinde.com`.
 *
 * @see https://docs.kinde.com/developer-tools/about/using-kinde-without-an-sdk/
 */
export default function Kinde(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'kinde',
    name: 'Kinde',
    type: 'oidc',
    checks: ['state', 'pkce'],
    style: { bg: '#fff', text: '#0f0f0f' },
    options,
  }
}
