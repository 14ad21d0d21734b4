import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Zoom returns (the fields Gatehouse reads; others pass through). */
export interface ZoomProfile extends Record<string, unknown> {
  id: string
  first_name?: string
  last_name?: string
  email?: string
  pic_url?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v2/users/me`'

/**
 * Sign in with a Zoom account through OAuth 2.0. Zoom grants the scopes configured on the app, so the
 * authorization request sends an empty `scope`; the profile comes from `/v2/users/me`.
 *
 * @example
 * ```ts
 * import Zoom from 'gatehouse-auth/providers/zoom'
 * createAuth({ providers: [Zoom] }) // AUTH_ZOOM_ID, AUTH_ZOOM_SECRET
 * ```
 * @see https://developers.zoom.us/docs/integrations/oauth/
 */
export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuthConfig<ZoomProfile> {
  return {
    id: 'zoom',
    name: 'Zoom',
    type: 'oauth',
    authorization: { url: 'https://zoom.us/oauth/authorize', params: { scope: '' } },
    token: 'https://zoom.us/oauth/token',
    userinfo: 'https://api.zoom.us/v2/users/me',
    profile: (profile) => ({
      id: profile.id,
      name: [profile.first_name, profile.last_name].filter(Boolean).join(' ') || null,
      email: profile.email ?? null,
      image: profile.pic_url ?? null,
    }),
    style: { bg: '#0b5cff', text: '#fff' },
    options,
  }
}
