import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile LinkedIn returns (the fields Gatehouse reads; others pass through). */
export interface LinkedInProfile extends Record<string, unknown> {
  sub: string
  name?: string
  email?: string
  picture?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with LinkedIn using OpenID Connect (the "Sign In with LinkedIn v2" product). LinkedIn does not
 * support PKCE for web apps, so `state` protects the callback; the client authenticates with
 * `client_secret_post`.
 *
 * @example
 * ```ts
 * import LinkedIn from 'gatehouse-auth/providers/linkedin'
 * createAuth({ providers: [LinkedIn] }) // AUTH_LINKEDIN_ID, AUTH_LINKEDIN_SECRET
 * ```
 * @see https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 */
export default function LinkedIn(
  options: OAuthUserConfig<LinkedInProfile> = {},
): OAuthConfig<LinkedInProfile> {
  return {
    id: 'linkedin',
    name: 'LinkedIn',
    type: 'oidc',
    issuer: 'https://www.linkedin.com/oauth',
    authorization: { params: { scope: 'openid profile email' } },
    client: { token_endpoint_auth_method: 'client_secret_post' },
    checks: ['state'],
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#006699', text: '#fff' },
    options,
  }
}
