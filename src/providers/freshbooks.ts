import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body FreshBooks returns from `/auth/api/v1/users/me` (the fields Gatehouse reads). */
export interface FreshbooksProfile extends Record<string, unknown> {
  response: { id: number; first_name: string; last_name: string; email: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`response.id` of `/auth/api/v1/users/me`'

/**
 * Sign in with a FreshBooks account through OAuth 2.0; scopes are chosen on the app's page, so none is sent.
 *
 * @see https://www.freshbooks.com/api/authentication
 */
export default function Freshbooks(
  options: OAuthUserConfig<FreshbooksProfile> = {},
): OAuthConfig<FreshbooksProfile> {
  return {
    id: 'freshbooks',
    name: 'Freshbooks',
    type: 'oauth',
    authorization: { url: 'https://auth.freshbooks.com/service/auth/oauth/authorize', params: { scope: '' } },
    token: 'https://api.freshbooks.com/auth/oauth/token',
    userinfo: 'https://api.freshbooks.com/auth/api/v1/users/me',
    profile: ({ response }) => ({
      id: String(response.id),
      name: `${response.first_name} ${response.last_name}`,
      email: response.email,
      image: null,
    }),
    style: { bg: '#0075dd', text: '#fff' },
    options,
  }
}
