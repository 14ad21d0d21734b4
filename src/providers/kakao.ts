import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Kakao returns from `/v2/user/me` (the fields Gatehouse reads; others pass through). */
export interface KakaoProfile extends Record<string, unknown> {
  id: number
  kakao_account?: {
    email?: string
    profile?: { nickname?: string; profile_image_url?: string }
  }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v2/user/me`'

/**
 * Sign in with a Kakao account through Kakao Login (OAuth 2.0). No scope is sent: the consent items set on the
 * app's page apply. The client secret travels in the body, as Kakao requires.
 *
 * @see https://developers.kakao.com/docs/latest/en/kakaologin/rest-api
 */
export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuthConfig<KakaoProfile> {
  return {
    id: 'kakao',
    name: 'Kakao',
    type: 'oauth',
    authorization: { url: 'https://kauth.kakao.com/oauth/authorize', params: { scope: '' } },
    token: 'https://kauth.kakao.com/oauth/token',
    userinfo: 'https://kapi.kakao.com/v2/user/me',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.kakao_account?.profile?.nickname ?? null,
      email: profile.kakao_account?.email ?? null,
      image: profile.kakao_account?.profile?.profile_image_url ?? null,
    }),
    style: { bg: '#fee500', text: '#000' },
    options,
  }
}
