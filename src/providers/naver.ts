import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Naver returns from `/v1/nid/me` (the fields Gatehouse reads; others pass through). */
export interface NaverProfile extends Record<string, unknown> {
  resultcode: string
  message: string
  response: { id: string; nickname?: string; name?: string; email?: string; profile_image?: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`response.id` of `/v1/nid/me`'

/**
 * Sign in with a Naver account through Naver Login (OAuth 2.0; the consent items of the app apply, no scope).
 *
 * @see https://developers.naver.com/docs/login/devguide/devguide.md
 */
export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuthConfig<NaverProfile> {
  return {
    id: 'naver',
    name: 'Naver',
    type: 'oauth',
    authorization: { url: 'https://nid.naver.com/oauth2.0/authorize', params: { scope: '' } },
    token: 'https://nid.naver.com/oauth2.0/token',
    userinfo: 'https://openapi.naver.com/v1/nid/me',
    profile: ({ response }) => ({
      id: response.id,
      name: response.nickname ?? null,
      email: response.email ?? null,
      image: response.profile_image ?? null,
    }),
    style: { bg: '#03c75a', text: '#fff' },
    options,
  }
}
