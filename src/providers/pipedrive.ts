import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Pipedrive returns from `/users/me` (the fields Gatehouse reads; others pass through). */
export interface PipedriveProfile extends Record<string, unknown> {
  success: boolean
  data: { id: number; name: string; email: string; icon_url: string | null }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/users/me`'

/**
 * Sign in with a Pipedrive account through OAuth 2.0; scopes are chosen on the app's page, so none is sent.
 *
 * @see https://pipedrive.readme.io/docs/marketplace-oauth-authorization
 */
export default function Pipedrive(
  options: OAuthUserConfig<PipedriveProfile> = {},
): OAuthConfig<PipedriveProfile> {
  return {
    id: 'pipedrive',
    name: 'Pipedrive',
    type: 'oauth',
    authorization: { url: 'https://oauth.pipedrive.com/oauth/authorize', params: { scope: '' } },
    token: 'https://oauth.pipedrive.com/oauth/token',
    userinfo: 'https://api.pipedrive.com/users/me',
    profile: ({ data }) => ({
      id: String(data.id),
      name: data.name,
      email: data.email,
      image: data.icon_url,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
