import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Descope project (OpenID Connect, PKCE and state). The issuer defaults to
 * `https://api.descope.com/<client id>` (the client id is the project id); set `issuer` for another region.
 *
 * @see https://docs.descope.com/customize/auth/oidc
 */
export default function Descope(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'descope',
    name: 'Descope',
    type: 'oidc',
    issuer:
      typeof options.issuer === 'string'
        ? options.issuer
        : `https://api.descope.com/${typeof options.clientId === 'string' ? options.clientId : ''}`,
    checks: ['pkce', 'state'],
    style: { bg: '#1c1c23', text: '#fff' },
    options,
  }
}
