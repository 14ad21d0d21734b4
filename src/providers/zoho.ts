import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Zoho returns from `/oauth/user/info` (the fields Gatehouse reads; others pass through). */
export interface ZohoProfile extends Record<string, unknown> {
  ZUID: number | string
  First_Name: string
  Last_Name: string
  Email: string
  Display_Name?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`ZUID` of `/oauth/user/info`'

/**
 * Sign in with a Zoho account through OAuth 2.0 (`AaaServer.profile.Read`) on the `.com` data centre; point the
 * endpoints at `accounts.zoho.eu` (or another data centre) for accounts kept there.
 *
 * @see https://www.zoho.com/accounts/protocol/oauth/web-server-applications.html
 */
export default function Zoho(options: OAuthUserConfig<ZohoProfile> = {}): OAuthConfig<ZohoProfile> {
  return {
    id: 'zoho',
    name: 'Zoho',
    type: 'oauth',
    authorization: {
      url: 'https://accounts.zoho.com/oauth/v2/auth',
      params: { scope: 'AaaServer.profile.Read' },
    },
    token: 'https://accounts.zoho.com/oauth/v2/token',
    userinfo: 'https://accounts.zoho.com/oauth/user/info',
    profile: (profile) => ({
      id: String(profile.ZUID),
      name: `${profile.First_Name} ${profile.Last_Name}`,
      email: profile.Email,
      image: null,
    }),
    style: { bg: '#e42527', text: '#fff' },
    options,
  }
}
