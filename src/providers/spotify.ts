import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Spotify returns (the fields Gatehouse reads; others pass through). */
export interface SpotifyProfile extends Record<string, unknown> {
  id: string
  display_name?: string | null
  email?: string
  images?: Array<{ url: string }>
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v1/me`'

/**
 * Sign in with a Spotify account through OAuth 2.0 with PKCE. The `user-read-email` scope reads the profile
 * and e-mail address from `/v1/me`.
 *
 * @example
 * ```ts
 * import Spotify from 'gatehouse-auth/providers/spotify'
 * createAuth({ providers: [Spotify] }) // AUTH_SPOTIFY_ID, AUTH_SPOTIFY_SECRET
 * ```
 * @see https://developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow
 */
export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuthConfig<SpotifyProfile> {
  return {
    id: 'spotify',
    name: 'Spotify',
    type: 'oauth',
    authorization: { url: 'https://accounts.spotify.com/authorize', params: { scope: 'user-read-email' } },
    token: 'https://accounts.spotify.com/api/token',
    userinfo: 'https://api.spotify.com/v1/me',
    profile: (profile) => ({
      id: profile.id,
      name: profile.display_name ?? null,
      email: profile.email ?? null,
      image: profile.images?.[0]?.url ?? null,
    }),
    style: { bg: '#1db954', text: '#fff' },
    options,
  }
}
