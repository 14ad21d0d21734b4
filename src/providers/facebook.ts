import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Facebook returns (the fields Gatehouse reads; others pass through). */
export interface FacebookProfile extends Record<string, unknown> {
  id: string
  name?: string
  email?: string
  picture?: { data?: { url?: string } }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/me`'

/**
 * Sign in with a Facebook account through Facebook Login (OAuth 2.0). The `email` scope and the Graph API
 * `me` fields `id,name,email,picture` give the profile.
 *
 * @example
 * ```ts
 * import Facebook from 'gatehouse-auth/providers/facebook'
 * createAuth({ providers: [Facebook] }) // AUTH_FACEBOOK_ID, AUTH_FACEBOOK_SECRET
 * ```
 * @see https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 */
export default function Facebook(
  options: OAuthUserConfig<FacebookProfile> = {},
): OAuthConfig<FacebookProfile> {
  return {
    id: 'facebook',
    name: 'Facebook',
    type: 'oauth',
    authorization: { url: 'https://www.facebook.com/v19.0/dialog/oauth', params: { scope: 'email' } },
    token: 'https://graph.facebook.com/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id,name,email,picture',
    profile: (profile) => ({
      id: profile.id,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture?.data?.url ?? null,
    }),
    style: { bg: '#006aff', text: '#fff' },
    options,
  }
}
