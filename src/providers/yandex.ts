import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Yandex ID returns from `login.yandex.ru/info` (the fields Gatehouse reads; others pass through). */
export interface YandexProfile extends Record<string, unknown> {
  id: string
  login?: string
  display_name?: string
  real_name?: string
  first_name?: string
  default_email?: string
  emails?: string[]
  is_avatar_empty?: boolean
  default_avatar_id?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `login.yandex.ru/info`'

/**
 * Sign in with a Yandex ID through OAuth 2.0 (`login:info login:email login:avatar`).
 *
 * @see https://yandex.com/dev/id/doc/en/user-information
 */
export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuthConfig<YandexProfile> {
  return {
    id: 'yandex',
    name: 'Yandex',
    type: 'oauth',
    authorization: {
      url: 'https://oauth.yandex.ru/authorize',
      params: { scope: 'login:info login:email login:avatar' },
    },
    token: 'https://oauth.yandex.ru/token',
    userinfo: 'https://login.yandex.ru/info?format=json',
    profile: (profile) => ({
      id: profile.id,
      name: profile.display_name ?? profile.real_name ?? profile.first_name ?? null,
      email: profile.default_email ?? profile.emails?.[0] ?? null,
      image:
        !profile.is_avatar_empty && profile.default_avatar_id
          ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200`
          : null,
    }),
    style: { bg: '#ffcc00', text: '#000' },
    options,
  }
}
