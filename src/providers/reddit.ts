import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Reddit returns (the fields Gatehouse reads; others pass through). */
export interface RedditProfile extends Record<string, unknown> {
  id: string
  name: string
  icon_img?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v1/me`'

/**
 * Sign in with a Reddit account through OAuth 2.0. The `identity` scope reads `/api/v1/me`; Reddit shares no
 * e-mail address, and `duration=permanent` asks for a refresh token.
 *
 * @example
 * ```ts
 * import Reddit from 'gatehouse-auth/providers/reddit'
 * createAuth({ providers: [Reddit] }) // AUTH_REDDIT_ID, AUTH_REDDIT_SECRET
 * ```
 * @see https://github.com/reddit-archive/reddit/wiki/OAuth2
 */
export default function Reddit(options: OAuthUserConfig<RedditProfile> = {}): OAuthConfig<RedditProfile> {
  return {
    id: 'reddit',
    name: 'Reddit',
    type: 'oauth',
    authorization: {
      url: 'https://www.reddit.com/api/v1/authorize',
      params: { scope: 'identity', duration: 'permanent' },
    },
    token: 'https://www.reddit.com/api/v1/access_token',
    userinfo: 'https://oauth.reddit.com/api/v1/me',
    checks: ['state'],
    profile: (profile) => ({
      id: profile.id,
      name: profile.name,
      email: null,
      image: profile.icon_img?.split('?')[0] ?? null,
    }),
    style: { bg: '#ff4500', text: '#fff' },
    options,
  }
}
