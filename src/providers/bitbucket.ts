import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Bitbucket returns (the fields Gatehouse reads; others pass through). */
export interface BitbucketProfile extends Record<string, unknown> {
  account_id: string
  username?: string
  display_name?: string
  links?: { avatar?: { href?: string } }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`account_id` of `/2.0/user`'

/**
 * Sign in with a Bitbucket Cloud account through OAuth 2.0. The `account` scope reads the profile from
 * `api.bitbucket.org/2.0/user`, which carries no e-mail address.
 *
 * @example
 * ```ts
 * import Bitbucket from 'gatehouse-auth/providers/bitbucket'
 * createAuth({ providers: [Bitbucket] }) // AUTH_BITBUCKET_ID, AUTH_BITBUCKET_SECRET
 * ```
 * @see https://developer.atlassian.com/cloud/bitbucket/oauth-2/
 */
export default function Bitbucket(
  options: OAuthUserConfig<BitbucketProfile> = {},
): OAuthConfig<BitbucketProfile> {
  return {
    id: 'bitbucket',
    name: 'Bitbucket',
    type: 'oauth',
    authorization: { url: 'https://bitbucket.org/site/oauth2/authorize', params: { scope: 'account' } },
    token: 'https://bitbucket.org/site/oauth2/access_token',
    userinfo: 'https://api.bitbucket.org/2.0/user',
    profile: (profile) => ({
      id: profile.account_id,
      name: profile.display_name ?? profile.username ?? null,
      email: null,
      image: profile.links?.avatar?.href ?? null,
    }),
    style: { bg: '#205081', text: '#fff' },
    options,
  }
}
