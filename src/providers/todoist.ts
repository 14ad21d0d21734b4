import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Todoist's sync endpoint returns under `user` (the fields Gatehouse reads; others pass through). */
export interface TodoistProfile extends Record<string, unknown> {
  id: string
  email: string
  full_name: string
  avatar_big?: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`user.id` of the sync endpoint'

/** Todoist's unified API v1; the Sync API v9 that Auth.js calls is deprecated in its favour. */
const SYNC = 'https://api.todoist.com/api/v1/sync'

/**
 * Sign in with a Todoist account through OAuth 2.0 (`data:read`). The user is read with one sync request for the
 * `user` resource on the unified API v1, which replaced the Sync API v9 that Auth.js still calls.
 *
 * @see https://developer.todoist.com/api/v1/
 */
export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuthConfig<TodoistProfile> {
  return {
    id: 'todoist',
    name: 'Todoist',
    type: 'oauth',
    authorization: { url: 'https://todoist.com/oauth/authorize', params: { scope: 'data:read' } },
    token: 'https://todoist.com/oauth/access_token',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    userinfo: {
      url: SYNC,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(SYNC, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${String(tokens['access_token'])}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ sync_token: '*', resource_types: '["user"]' }).toString(),
        })
        if (!res.ok) throw new Error(`Todoist sync answered ${res.status}`)
        return ((await res.json()) as { user: TodoistProfile }).user
      },
    },
    profile: (profile) => ({
      id: String(profile.id),
      email: profile.email,
      name: profile.full_name,
      image: profile.avatar_big ?? null,
    }),
    style: { bg: '#e44332', text: '#000' },
    options,
  }
}
