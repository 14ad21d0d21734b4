import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user WordPress.com returns from `/rest/v1/me` (the fields Gatehouse reads; others pass through). */
export interface WordPressProfile extends Record<string, unknown> {
  ID: number
  display_name: string
  email: string
  avatar_URL: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`ID` of `/rest/v1/me`'

/**
 * Sign in with a WordPress.com account through OAuth 2.0 (`auth` scope, enough to read `/me`).
 *
 * @see https://developer.wordpress.com/docs/oauth2/
 */
export default function WordPress(
  options: OAuthUserConfig<WordPressProfile> = {},
): OAuthConfig<WordPressProfile> {
  return {
    id: 'wordpress',
    name: 'WordPress.com',
    type: 'oauth',
    authorization: { url: 'https://public-api.wordpress.com/oauth2/authorize', params: { scope: 'auth' } },
    token: 'https://public-api.wordpress.com/oauth2/token',
    userinfo: 'https://public-api.wordpress.com/rest/v1/me',
    profile: (profile) => ({
      id: String(profile.ID),
      name: profile.display_name,
      email: profile.email,
      image: profile.avatar_URL,
    }),
    style: { bg: '#3499cd', text: '#fff' },
    options,
  }
}
