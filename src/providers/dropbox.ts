import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Dropbox returns (the fields Gatehouse reads; others pass through). */
export interface DropboxProfile extends Record<string, unknown> {
  account_id: string
  name?: { display_name?: string }
  email?: string
  profile_photo_url?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`account_id` of `/users/get_current_account`'

/**
 * Sign in with a Dropbox account through OAuth 2.0. `token_access_type=offline` asks for a refresh token; the
 * profile comes from the `users/get_current_account` RPC endpoint (a POST).
 *
 * @example
 * ```ts
 * import Dropbox from 'gatehouse-auth/providers/dropbox'
 * createAuth({ providers: [Dropbox] }) // AUTH_DROPBOX_ID, AUTH_DROPBOX_SECRET
 * ```
 * @see https://developers.dropbox.com/oauth-guide
 */
export default function Dropbox(options: OAuthUserConfig<DropboxProfile> = {}): OAuthConfig<DropboxProfile> {
  return {
    id: 'dropbox',
    name: 'Dropbox',
    type: 'oauth',
    authorization: {
      url: 'https://www.dropbox.com/oauth2/authorize',
      params: { token_access_type: 'offline', scope: 'account_info.read' },
    },
    token: 'https://api.dropboxapi.com/oauth2/token',
    userinfo: {
      url: 'https://api.dropboxapi.com/2/users/get_current_account',
      // This RPC endpoint is a POST with no body, not the GET of a userinfo endpoint.
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch('https://api.dropboxapi.com/2/users/get_current_account', {
          method: 'POST',
          headers: { Authorization: `Bearer ${String(tokens['access_token'])}` },
        })
        if (!res.ok) throw new Error(`Dropbox answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: (profile) => ({
      id: profile.account_id,
      name: profile.name?.display_name ?? null,
      email: profile.email ?? null,
      image: profile.profile_photo_url ?? null,
    }),
    style: { bg: '#0061fe', text: '#fff' },
    options,
  }
}
