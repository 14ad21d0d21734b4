import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Figma returns from `/v1/me` (the fields Gatehouse reads; others pass through). */
export interface FigmaProfile extends Record<string, unknown> {
  id: string
  handle: string
  email: string
  img_url: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/v1/me`'

/**
 * Sign in with a Figma account through OAuth 2.0 (Auth.js's `files:read` scope, state check). Figma retired
 * `files:read` for new apps in favour of granular scopes such as `current_user:read`; pass
 * `authorization: { params: { scope } }` to ask for those.
 *
 * @see https://developers.figma.com/docs/rest-api/oauth-apps/
 */
export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuthConfig<FigmaProfile> {
  return {
    id: 'figma',
    name: 'Figma',
    type: 'oauth',
    authorization: { url: 'https://www.figma.com/oauth', params: { scope: 'files:read' } },
    token: 'https://api.figma.com/v1/oauth/token',
    userinfo: 'https://api.figma.com/v1/me',
    checks: ['state'],
    profile: (profile) => ({
      id: profile.id,
      name: profile.handle,
      email: profile.email,
      image: profile.img_url,
    }),
    style: { bg: '#ff7237', text: '#fff' },
    options,
  }
}
