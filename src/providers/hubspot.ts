import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile HubSpot returns (the fields Gatehouse reads; others pass through). */
export interface HubSpotProfile extends Record<string, unknown> {
  user_id: number | string
  user: string
  hub_id?: number
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`user_id` of the access-token metadata'

/**
 * Sign in with a HubSpot account through OAuth 2.0. HubSpot has no userinfo endpoint: the access-token
 * information endpoint gives the user's e-mail (`user`) and id; the client authenticates with
 * `client_secret_post`.
 *
 * @example
 * ```ts
 * import HubSpot from 'gatehouse-auth/providers/hubspot'
 * createAuth({ providers: [HubSpot] }) // AUTH_HUBSPOT_ID, AUTH_HUBSPOT_SECRET
 * ```
 * @see https://developers.hubspot.com/docs/api/oauth-quickstart-guide
 */
export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuthConfig<HubSpotProfile> {
  return {
    id: 'hubspot',
    name: 'HubSpot',
    type: 'oauth',
    authorization: { url: 'https://app.hubspot.com/oauth/authorize', params: { scope: 'oauth' } },
    token: 'https://api.hubapi.com/oauth/v1/token',
    userinfo: {
      url: 'https://api.hubapi.com/oauth/v1/access-tokens',
      // HubSpot describes a token at a URL that ends with the token itself.
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(
          `https://api.hubapi.com/oauth/v1/access-tokens/${encodeURIComponent(String(tokens['access_token']))}`,
        )
        if (!res.ok) throw new Error(`HubSpot answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    client: { token_endpoint_auth_method: 'client_secret_post' },
    checks: ['state'],
    profile: (profile) => ({
      id: String(profile.user_id),
      name: profile.user,
      email: profile.user,
      image: null,
    }),
    style: { bg: '#ff7a59', text: '#fff' },
    options,
  }
}
