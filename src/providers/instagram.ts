import { conformTokenResponse } from '../oauth-client/conform-token-response.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Instagram's Graph API returns from `/me` (the fields Gatehouse reads; others pass through). */
export interface InstagramProfile extends Record<string, unknown> {
  id: string
  user_id?: string
  username: string
  account_type?: string
  name?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `graph.instagram.com/me`'

/**
 * Sign in with an Instagram professional account through the Instagram API with Instagram Login. Meta retired the
 * Instagram Basic Display API (and its `user_profile` scope) that Auth.js still targets on 4 December 2024, so this
 * preset uses the `instagram_business_basic` scope on `www.instagram.com/oauth/authorize`; the token response,
 * documented wrapped in a `data` array and without `token_type`, is conformed before it is read.
 *
 * @see https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 */
export default function Instagram(
  options: OAuthUserConfig<InstagramProfile> = {},
): OAuthConfig<InstagramProfile> {
  return {
    id: 'instagram',
    name: 'Instagram',
    type: 'oauth',
    authorization: {
      url: 'https://www.instagram.com/oauth/authorize',
      params: { scope: 'instagram_business_basic' },
    },
    token: { url: 'https://api.instagram.com/oauth/access_token', conform: conformTokenResponse },
    userinfo: 'https://graph.instagram.com/me?fields=id,user_id,username,account_type,name',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({ id: profile.id, name: profile.username, email: null, image: null }),
    style: { bg: '#fff', text: '#000' },
    options,
  }
}
