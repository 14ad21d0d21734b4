import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The account Mastodon returns from `/api/v1/accounts/verify_credentials` (the fields Gatehouse reads). */
export interface MastodonProfile extends Record<string, unknown> {
  id: string
  username: string
  display_name?: string
  avatar_static: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v1/accounts/verify_credentials`'

/**
 * Sign in with an account of one Mastodon server through OAuth 2.0 (`read` scope). Set `issuer` (or
 * `AUTH_MASTODON_ISSUER`) to the server's URL, e.g. `https://mastodon.social`; accounts have no e-mail.
 *
 * @see https://docs.joinmastodon.org/spec/oauth/
 */
export default function Mastodon(
  options: OAuthUserConfig<MastodonProfile> = {},
): OAuthConfig<MastodonProfile> {
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  return {
    id: 'mastodon',
    name: 'Mastodon',
    type: 'oauth',
    authorization: { url: `${base}/oauth/authorize`, params: { scope: 'read' } },
    token: `${base}/oauth/token`,
    userinfo: `${base}/api/v1/accounts/verify_credentials`,
    profile: (profile) => ({
      id: profile.id,
      name: profile.username,
      image: profile.avatar_static,
      email: null,
    }),
    style: { bg: '#6364ff', text: '#fff' },
    options,
  }
}
