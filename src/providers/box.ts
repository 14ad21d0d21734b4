import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Box returns from `/2.0/users/me` (the fields Gatehouse reads; others pass through). */
export interface BoxProfile extends Record<string, unknown> {
  id: string
  name: string
  login: string
  avatar_url: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/2.0/users/me`'

/**
 * Sign in with a Box account through OAuth 2.0; the e-mail address is the user's Box `login`. An empty scope is
 * sent, so the scopes set on the app's page apply (Box knows no `openid`).
 *
 * @see https://developer.box.com/guides/authentication/oauth2/
 */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuthConfig<BoxProfile> {
  return {
    id: 'box',
    name: 'Box',
    type: 'oauth',
    authorization: { url: 'https://account.box.com/api/oauth2/authorize', params: { scope: '' } },
    token: 'https://api.box.com/oauth2/token',
    userinfo: 'https://api.box.com/2.0/users/me',
    profile: (profile) => ({
      id: profile.id,
      name: profile.name,
      email: profile.login,
      image: profile.avatar_url,
    }),
    style: { bg: '#0075c9', text: '#fff' },
    options,
  }
}
