import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The person Webex returns from `/people/me` (the fields Gatehouse reads; others pass through). */
export interface WebexProfile extends Record<string, unknown> {
  id: string
  emails: string[]
  displayName?: string
  avatar?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/people/me`'

/**
 * Sign in with a Webex account through OAuth 2.0 (`spark:kms spark:people_read`). `apiBaseUrl` points the preset at
 * another Webex API base (default `https://webexapis.com/v1`).
 *
 * @see https://developer.webex.com/docs/integrations
 */
export default function Webex(
  options: OAuthUserConfig<WebexProfile> & { apiBaseUrl?: string } = {},
): OAuthConfig<WebexProfile> {
  const { apiBaseUrl = 'https://webexapis.com/v1', ...rest } = options
  return {
    id: 'webex',
    name: 'Webex',
    type: 'oauth',
    authorization: { url: `${apiBaseUrl}/authorize`, params: { scope: 'spark:kms spark:people_read' } },
    token: `${apiBaseUrl}/access_token`,
    userinfo: `${apiBaseUrl}/people/me`,
    profile: (profile) => ({
      id: profile.id,
      email: profile.emails[0] ?? null,
      name: profile.displayName ?? null,
      image: profile.avatar ?? null,
    }),
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
