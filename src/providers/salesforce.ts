import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Salesforce returns (the fields Gatehouse reads; others pass through). */
export interface SalesforceProfile extends Record<string, unknown> {
  sub: string
  user_id?: string
  name?: string
  email?: string
  picture?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`user_id` of the userinfo (else `sub`)'

/**
 * Sign in with a Salesforce account (OpenID Connect). The ID token carries few claims, so the profile is read
 * from the userinfo endpoint; set `issuer` to `https://test.salesforce.com` for sandboxes or to your My
 * Domain.
 *
 * @example
 * ```ts
 * import Salesforce from 'gatehouse-auth/providers/salesforce'
 * createAuth({ providers: [Salesforce] }) // AUTH_SALESFORCE_ID, AUTH_SALESFORCE_SECRET
 * ```
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 */
export default function Salesforce(
  options: OAuthUserConfig<SalesforceProfile> = {},
): OAuthConfig<SalesforceProfile> {
  return {
    id: 'salesforce',
    name: 'Salesforce',
    type: 'oidc',
    issuer: 'https://login.salesforce.com',
    // Salesforce's ID token carries few claims: the profile is read from userinfo.
    idToken: false,
    checks: ['pkce', 'state', 'nonce'],
    profile: (profile) => ({
      id: profile.user_id ?? profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#00a1e0', text: '#fff' },
    options,
  }
}
