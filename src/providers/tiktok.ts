import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body TikTok returns from `/v2/user/info/` (the fields Gatehouse reads; others pass through). */
export interface TikTokProfile extends Record<string, unknown> {
  data: { user: { open_id: string; union_id?: string; display_name: string; avatar_url: string } }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.user.open_id` of `/v2/user/info/`'

/**
 * Sign in with a TikTok account through Login Kit (OAuth 2.0, `user.info.basic`; TikTok shares no e-mail). TikTok
 * names the client id `client_key`: it is sent under that name to both endpoints, as extra parameters.
 *
 * @see https://developers.tiktok.com/doc/oauth-user-access-token-management
 */
export default function TikTok(options: OAuthUserConfig<TikTokProfile> = {}): OAuthConfig<TikTokProfile> {
  return {
    id: 'tiktok',
    name: 'TikTok',
    type: 'oauth',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    authorization: {
      url: 'https://www.tiktok.com/v2/auth/authorize',
      params: { client_key: options.clientId, scope: 'user.info.basic' },
    },
    token: { url: 'https://open.tiktokapis.com/v2/oauth/token/', params: { client_key: options.clientId } },
    userinfo: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name',
    profile: ({ data: { user } }) => ({
      id: user.open_id,
      name: user.display_name,
      image: user.avatar_url,
      email: null,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
