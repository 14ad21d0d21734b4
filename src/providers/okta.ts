import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Okta organisation (OpenID Connect). Set `issuer` to your Okta domain or authorization
 * server, e.g. `https://example.okta.com/oauth2/default`; endpoints come from discovery.
 *
 * @example
 * ```ts
 * import Okta from 'gatehouse-auth/providers/okta'
 * createAuth({ providers: [Okta] }) // AUTH_OKTA_ID, AUTH_OKTA_SECRET, AUTH_OKTA_ISSUER
 * ```
 * @see https://developer.okta.com/docs/reference/api/oidc/
 */
export default function Okta(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'okta',
    name: 'Okta',
    type: 'oidc',
    checks: ['pkce', 'state'],
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
