import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Twitch returns (the fields Gatehouse reads; others pass through). */
export interface TwitchProfile extends Record<string, unknown> {
  sub: string
  preferred_username?: string
  email?: string
  picture?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Twitch account (OpenID Connect). The `claims` request parameter puts e-mail, picture and
 * user name into the ID token; the client authenticates with `client_secret_post`.
 *
 * @example
 * ```ts
 * import Twitch from 'gatehouse-auth/providers/twitch'
 * createAuth({ providers: [Twitch] }) // AUTH_TWITCH_ID, AUTH_TWITCH_SECRET
 * ```
 * @see https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/
 */
export default function Twitch(options: OAuthUserConfig<TwitchProfile> = {}): OAuthConfig<TwitchProfile> {
  return {
    id: 'twitch',
    name: 'Twitch',
    type: 'oidc',
    issuer: 'https://id.twitch.tv/oauth2',
    authorization: {
      params: {
        scope: 'openid user:read:email',
        claims: { id_token: { email: null, picture: null, preferred_username: null } },
      },
    },
    token: {
      // Twitch returns `scope` as a JSON array where RFC 6749 §5.1 says a space-delimited string.
      conform: async (response: Response) => {
        if (!response.ok) return response
        const body = (await response.clone().json()) as Record<string, unknown>
        if (!Array.isArray(body['scope'])) return response
        return Response.json({ ...body, scope: body['scope'].join(' ') }, { status: response.status })
      },
    },
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({
      id: profile.sub,
      name: profile.preferred_username ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#65459b', text: '#fff' },
    options,
  }
}
