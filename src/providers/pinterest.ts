import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The account Pinterest returns from `/v5/user_account` (the fields Gatehouse reads; others pass through). */
export interface PinterestProfile extends Record<string, unknown> {
  username: string
  profile_image: string
  account_type?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`username` of `/v5/user_account`'

/**
 * Sign in with a Pinterest account through OAuth 2.0 (`user_accounts:read`); Pinterest shares no e-mail.
 *
 * @see https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/
 */
export default function Pinterest(
  options: OAuthUserConfig<PinterestProfile> = {},
): OAuthConfig<PinterestProfile> {
  return {
    id: 'pinterest',
    name: 'Pinterest',
    type: 'oauth',
    authorization: { url: 'https://www.pinterest.com/oauth', params: { scope: 'user_accounts:read' } },
    token: 'https://api.pinterest.com/v5/oauth/token',
    userinfo: 'https://api.pinterest.com/v5/user_account',
    profile: (profile) => ({
      id: profile.username,
      name: profile.username,
      image: profile.profile_image,
      email: null,
    }),
    style: { bg: '#bd081c', text: '#fff' },
    options,
  }
}
