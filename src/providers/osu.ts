import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user osu! returns from `/api/v2/me` (the fields Gatehouse reads; others pass through). */
export interface OsuProfile extends Record<string, unknown> {
  id: number
  username: string
  avatar_url: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v2/me`'

/**
 * Sign in with an osu! account through OAuth 2.0 (`identify`); osu! does not share e-mail addresses.
 *
 * @see https://osu.ppy.sh/docs/index.html#authorization-code-grant
 */
export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuthConfig<OsuProfile> {
  return {
    id: 'osu',
    name: 'osu!',
    type: 'oauth',
    authorization: { url: 'https://osu.ppy.sh/oauth/authorize', params: { scope: 'identify' } },
    token: 'https://osu.ppy.sh/oauth/token',
    userinfo: 'https://osu.ppy.sh/api/v2/me',
    profile: (profile) => ({
      id: String(profile.id),
      email: null,
      name: profile.username,
      image: profile.avatar_url,
    }),
    style: { bg: '#ff66aa', text: '#fff' },
    options,
  }
}
