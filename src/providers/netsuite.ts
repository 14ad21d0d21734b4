import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user a NetSuite RESTlet returns to `userinfo` (the fields Gatehouse reads; others pass through). */
export interface NetSuiteProfile extends Record<string, unknown> {
  id: number | string
  name: string
  email: string
}

/** Options of {@link NetSuite}: any provider option, plus the NetSuite account id (required). */
export type NetSuiteOptions = OAuthUserConfig<NetSuiteProfile> & { accountID?: string }

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of the RESTlet given as `userinfo`'

/**
 * Sign in with a NetSuite user through OAuth 2.0 (`restlets rest_webservices`, state check). Pass `accountID`;
 * NetSuite has no user endpoint, so set `userinfo` to the URL of a RESTlet that returns the current user.
 *
 * @see https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_157771733782.html
 */
export default function NetSuite(options: NetSuiteOptions = {}): OAuthConfig<NetSuiteProfile> {
  const { accountID = '', ...rest } = options
  return {
    id: 'netsuite',
    name: 'NetSuite',
    type: 'oauth',
    checks: ['state'],
    authorization: {
      url: `https://${accountID}.app.netsuite.com/app/login/oauth2/authorize.nl`,
      params: { scope: 'restlets rest_webservices' },
    },
    token: `https://${accountID}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
    profile: (profile) => ({ id: String(profile.id), name: profile.name, email: profile.email, image: null }),
    style: { bg: '#181a1b', text: '#fbfbfb' },
    options: rest,
  }
}
