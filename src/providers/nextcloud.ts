import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Nextcloud's OCS API returns (the `ocs.data` fields Gatehouse reads; others pass through). */
export interface NextcloudProfile extends Record<string, unknown> {
  id: string
  displayname: string
  email: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/ocs/v1.php/cloud/users/{user_id}`'

/**
 * Sign in with an account of one Nextcloud server through OAuth 2.0. Set `issuer` (or `AUTH_NEXTCLOUD_ISSUER`) to
 * the server's URL; the user is read from the OCS API with the `user_id` of the token response.
 *
 * @see https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
 */
export default function Nextcloud(
  options: OAuthUserConfig<NextcloudProfile> = {},
): OAuthConfig<NextcloudProfile> {
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  const users = `${base}/ocs/v1.php/cloud/users`
  return {
    id: 'nextcloud',
    name: 'Nextcloud',
    type: 'oauth',
    authorization: { url: `${base}/apps/oauth2/authorize`, params: { scope: '' } },
    token: `${base}/apps/oauth2/api/v1/token`,
    userinfo: {
      url: users,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(`${users}/${encodeURIComponent(String(tokens['user_id']))}`, {
          headers: {
            'OCS-APIRequest': 'true',
            Authorization: `Bearer ${String(tokens['access_token'])}`,
            Accept: 'application/json',
          },
        })
        if (!res.ok) throw new Error(`Nextcloud OCS users answered ${res.status}`)
        return ((await res.json()) as { ocs: { data: NextcloudProfile } }).ocs.data
      },
    },
    profile: (profile) => ({
      id: profile.id,
      name: profile.displayname,
      email: profile.email,
      image: `${base}/avatar/${profile.id}/512`,
    }),
    style: { bg: '#fff', text: '#0082c9' },
    options,
  }
}
