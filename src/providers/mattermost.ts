import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Mattermost returns from `/api/v4/users/me` (the fields Gatehouse reads; others pass through). */
export interface MattermostProfile extends Record<string, unknown> {
  id: string
  username?: string
  first_name?: string
  last_name?: string
  email: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v4/users/me`'

/**
 * Sign in with an account of one Mattermost server through OAuth 2.0. Set `issuer` (or `AUTH_MATTERMOST_ISSUER`) to
 * the server's URL; it only builds the endpoints, as Mattermost is not an OpenID issuer. No scope is sent.
 *
 * @see https://developers.mattermost.com/integrate/apps/authentication/oauth2/
 */
export default function Mattermost(
  options: OAuthUserConfig<MattermostProfile> = {},
): OAuthConfig<MattermostProfile> {
  const { issuer, ...rest } = options
  const base = typeof issuer === 'string' ? issuer.replace(/\/+$/, '') : ''
  return {
    id: 'mattermost',
    name: 'Mattermost',
    type: 'oauth',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    authorization: { url: `${base}/oauth/authorize`, params: { scope: '' } },
    token: `${base}/oauth/access_token`,
    userinfo: `${base}/api/v4/users/me`,
    profile: (profile) => ({
      id: profile.id,
      name: profile.username ?? `${profile.first_name} ${profile.last_name}`,
      email: profile.email,
      image: null,
    }),
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
