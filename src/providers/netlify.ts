import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Netlify returns from `/api/v1/user` (the fields Gatehouse reads; others pass through). */
export interface NetlifyProfile extends Record<string, unknown> {
  id: string
  full_name: string
  email: string
  avatar_url: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v1/user`'

/**
 * Sign in with a Netlify account through OAuth 2.0 (Netlify has no scopes: an empty one is sent).
 *
 * @see https://docs.netlify.com/api/get-started/#authentication
 */
export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuthConfig<NetlifyProfile> {
  return {
    id: 'netlify',
    name: 'Netlify',
    type: 'oauth',
    authorization: { url: 'https://app.netlify.com/authorize', params: { scope: '' } },
    token: 'https://api.netlify.com/oauth/token',
    userinfo: 'https://api.netlify.com/api/v1/user',
    profile: (profile) => ({
      id: profile.id,
      name: profile.full_name,
      email: profile.email,
      image: profile.avatar_url,
    }),
    style: { bg: '#32e6e2', text: '#000' },
    options,
  }
}
