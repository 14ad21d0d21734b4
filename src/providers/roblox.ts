import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Roblox account (OpenID Connect, `openid profile`, PKCE and state). Roblox's issuer keeps its trailing slash, `https://apis.roblox.com/oauth/`, and ID tokens carry it exactly so.
 *
 * @see https://create.roblox.com/docs/cloud/auth/oauth2-reference
 */
export default function Roblox(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'roblox',
    name: 'Roblox',
    type: 'oidc',
    issuer: 'https://apis.roblox.com/oauth/',
    authorization: { params: { scope: 'openid profile' } },
    checks: ['pkce', 'state'],
    style: { bg: '#5865f2', text: '#fff' },
    options,
  }
}
