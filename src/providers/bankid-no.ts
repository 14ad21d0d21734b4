import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the userinfo'

/**
 * Sign in with BankID Norway (OpenID Connect; PKCE, state and nonce; Norwegian UI with the BankID app as login
 * hint). The client authenticates with `client_secret_post`; the name comes from the userinfo endpoint, which the
 * preset asks for a signed (RS256) answer.
 *
 * @see https://developer.bankid.no/bankid-with-biometrics/oidc/
 */
export default function BankIDNorway(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'bankid-no',
    name: 'BankID Norge',
    type: 'oidc',
    issuer: 'https://auth.bankid.no/auth/realms/prod',
    client: { token_endpoint_auth_method: 'client_secret_post', userinfo_signed_response_alg: 'RS256' },
    idToken: false,
    authorization: { params: { ui_locales: 'no', login_hint: 'BIS' } },
    checks: ['pkce', 'state', 'nonce'],
    profile: (profile) => ({
      id: String(profile.sub),
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: null,
    }),
    style: { bg: '#39134c', text: '#fff' },
    options,
  }
}
