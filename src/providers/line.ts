import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a LINE account through LINE Login (OpenID Connect, state check). LINE signs ID tokens of web logins with HS256 and the channel secret, which Gatehouse verifies as OIDC Core §10.1 says.
 *
 * @see https://developers.line.biz/en/docs/line-login/integrate-line-login/
 */
export default function LINE(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'line',
    name: 'LINE',
    type: 'oidc',
    issuer: 'https://access.line.me',
    client: { id_token_signed_response_alg: 'HS256' },
    checks: ['state'],
    style: { bg: '#00c300', text: '#fff' },
    options,
  }
}
