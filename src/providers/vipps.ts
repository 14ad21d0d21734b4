import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with Vipps MobilePay Login (OpenID Connect, `openid name email`, PKCE, state and nonce). The ID token is verified, then the user is read from the userinfo endpoint, where Vipps puts the name and e-mail.
 *
 * @see https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide/core-concepts/
 */
export default function Vipps(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'vipps',
    name: 'Vipps',
    type: 'oidc',
    issuer: 'https://api.vipps.no/access-management-1.0/access/',
    authorization: { params: { scope: 'openid name email' } },
    idToken: false,
    checks: ['pkce', 'state', 'nonce'],
    style: { bg: '#f05c18', text: '#fff' },
    options,
  }
}
