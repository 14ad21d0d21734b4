import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a PingOne or PingFederate environment (OpenID Connect). Set `issuer` (or `AUTH_PING_ID_ISSUER`) to the environment's issuer, e.g. `https://auth.pingone.com/<environment-id>/as`.
 *
 * @see https://docs.pingidentity.com/pingone/applications/p1_edit_application_oidc.html
 */
export default function PingId(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'ping-id',
    name: 'Ping Identity',
    type: 'oidc',
    style: { bg: '#b3282d', text: '#fff' },
    options,
  }
}
