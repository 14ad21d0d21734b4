import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user 42's API returns from `/v2/me` (the fields Gatehouse reads; others pass through). */
export interface FortyTwoProfile extends Record<string, unknown> {
  id: number
  login: string
  usual_full_name: string | null
  email: string
  image: { link: string | null }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v2/me`'

/**
 * Sign in with a 42 School intranet account through OAuth 2.0 (`public` scope, user from `/v2/me`).
 *
 * @see https://api.intra.42.fr/apidoc/guides/web_application_flow
 */
export default function FortyTwo(
  options: OAuthUserConfig<FortyTwoProfile> = {},
): OAuthConfig<FortyTwoProfile> {
  return {
    id: '42-school',
    name: '42 School',
    type: 'oauth',
    authorization: { url: 'https://api.intra.42.fr/oauth/authorize', params: { scope: 'public' } },
    token: 'https://api.intra.42.fr/oauth/token',
    userinfo: 'https://api.intra.42.fr/v2/me',
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.usual_full_name,
      email: profile.email,
      image: profile.image.link,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
