import { conformTokenResponse } from '../oauth-client/conform-token-response.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Threads returns from `/v1.0/me` (the fields Gatehouse reads; others pass through). */
export interface ThreadsProfile extends Record<string, unknown> {
  id: string
  username?: string
  threads_profile_picture_url?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `graph.threads.net/v1.0/me`'

/**
 * Sign in with a Threads account through OAuth 2.0 (`threads_basic`, state check; Threads shares no e-mail). The
 * Graph API answers `/me` with the fields at the top level, not under `data` as Auth.js reads them; the token
 * response has no `token_type` and is conformed before it is read.
 *
 * @see https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
 */
export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuthConfig<ThreadsProfile> {
  return {
    id: 'threads',
    name: 'Threads',
    type: 'oauth',
    checks: ['state'],
    authorization: { url: 'https://threads.net/oauth/authorize', params: { scope: 'threads_basic' } },
    token: { url: 'https://graph.threads.net/oauth/access_token', conform: conformTokenResponse },
    userinfo: 'https://graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => {
      // Accepts the `data`-wrapped shape Auth.js expects as well as the documented flat one.
      const user = (profile['data'] as ThreadsProfile | undefined) ?? profile
      return {
        id: user.id,
        name: user.username || null,
        email: null,
        image: user.threads_profile_picture_url || null,
      }
    },
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
