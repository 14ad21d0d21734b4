import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Concept2's logbook returns from `/api/users/me` (the fields Gatehouse reads). */
export interface Concept2Profile extends Record<string, unknown> {
  data: { id: number; username: string; email?: string | null; profile_image?: string | null }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/api/users/me`'

/**
 * Sign in with a Concept2 logbook account through OAuth 2.0 (`user:read,results:write`, as Auth.js asks).
 *
 * @see https://log.concept2.com/developers/documentation/
 */
export default function Concept2(
  options: OAuthUserConfig<Concept2Profile> = {},
): OAuthConfig<Concept2Profile> {
  return {
    id: 'concept2',
    name: 'Concept2',
    type: 'oauth',
    authorization: {
      url: 'https://log.concept2.com/oauth/authorize',
      params: { scope: 'user:read,results:write' },
    },
    token: 'https://log.concept2.com/oauth/access_token',
    userinfo: 'https://log.concept2.com/api/users/me',
    profile: (profile) => ({
      id: String(profile.data.id),
      name: profile.data.username,
      email: profile.data.email ?? null,
      image: profile.data.profile_image ?? null,
    }),
    options,
  }
}
