import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile X (Twitter) returns (the fields Gatehouse reads; others pass through). */
export interface TwitterProfile extends Record<string, unknown> {
  data: { id: string; name?: string; username?: string; email?: string; profile_image_url?: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/2/users/me`'

/**
 * Sign in with an X (formerly Twitter) account through OAuth 2.0 with PKCE and `state`. The `users.read
 * tweet.read` scopes read `/2/users/me`; `offline.access` asks for a refresh token.
 *
 * @example
 * ```ts
 * import Twitter from 'gatehouse-auth/providers/twitter'
 * createAuth({ providers: [Twitter] }) // AUTH_TWITTER_ID, AUTH_TWITTER_SECRET
 * ```
 * @see https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
 */
export default function Twitter(options: OAuthUserConfig<TwitterProfile> = {}): OAuthConfig<TwitterProfile> {
  return {
    id: 'twitter',
    name: 'Twitter',
    type: 'oauth',
    authorization: {
      url: 'https://x.com/i/oauth2/authorize',
      params: { scope: 'users.read tweet.read offline.access' },
    },
    token: 'https://api.x.com/2/oauth2/token',
    userinfo: 'https://api.x.com/2/users/me?user.fields=profile_image_url',
    checks: ['pkce', 'state'],
    profile: (profile) => ({
      id: profile.data.id,
      name: profile.data.name ?? profile.data.username ?? null,
      email: profile.data.email ?? null,
      image: profile.data.profile_image_url ?? null,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
