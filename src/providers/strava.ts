import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Strava returns (the fields Gatehouse reads; others pass through). */
export interface StravaProfile extends Record<string, unknown> {
  id: number | string
  firstname?: string
  lastname?: string
  profile?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/athlete`'

/**
 * Sign in with a Strava account through OAuth 2.0. The `read` scope reads the athlete from `/api/v3/athlete`;
 * Strava shares no e-mail address and authenticates the client with `client_secret_post`.
 *
 * @example
 * ```ts
 * import Strava from 'gatehouse-auth/providers/strava'
 * createAuth({ providers: [Strava] }) // AUTH_STRAVA_ID, AUTH_STRAVA_SECRET
 * ```
 * @see https://developers.strava.com/docs/authentication/
 */
export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuthConfig<StravaProfile> {
  return {
    id: 'strava',
    name: 'Strava',
    type: 'oauth',
    authorization: {
      url: 'https://www.strava.com/oauth/authorize',
      params: { scope: 'read', approval_prompt: 'auto' },
    },
    token: 'https://www.strava.com/oauth/token',
    userinfo: 'https://www.strava.com/api/v3/athlete',
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({
      id: String(profile.id),
      name: [profile.firstname, profile.lastname].filter(Boolean).join(' ') || null,
      email: null,
      image: profile.profile ?? null,
    }),
    style: { bg: '#fc4c02', text: '#fff' },
    options,
  }
}
