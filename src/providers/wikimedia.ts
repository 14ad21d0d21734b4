import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Wikimedia returns from `/oauth2/resource/profile` (the fields Gatehouse reads; others pass through). */
export interface WikimediaProfile extends Record<string, unknown> {
  sub: string
  username: string
  email?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of `/oauth2/resource/profile`'

/**
 * Sign in with a Wikimedia account (Wikipedia and its sister projects) through OAuth 2.0 on Meta-Wiki; the grants
 * of the consumer apply, so an empty scope is sent.
 *
 * @see https://www.mediawiki.org/wiki/OAuth/For_Developers
 */
export default function Wikimedia(
  options: OAuthUserConfig<WikimediaProfile> = {},
): OAuthConfig<WikimediaProfile> {
  return {
    id: 'wikimedia',
    name: 'Wikimedia',
    type: 'oauth',
    authorization: { url: 'https://meta.wikimedia.org/w/rest.php/oauth2/authorize', params: { scope: '' } },
    token: 'https://meta.wikimedia.org/w/rest.php/oauth2/access_token',
    userinfo: 'https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile',
    profile: (profile) => ({
      id: profile.sub,
      name: profile.username,
      email: profile.email ?? null,
      image: null,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
