import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Atlassian returns (the fields Gatehouse reads; others pass through). */
export interface AtlassianProfile extends Record<string, unknown> {
  account_id: string
  name?: string
  email?: string
  picture?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`account_id` of `/me`'

/**
 * Sign in with an Atlassian account through OAuth 2.0 (3LO). The `read:me` scope lets Gatehouse read the
 * user's profile from `api.atlassian.com/me`; Atlassian uses `state` rather than PKCE.
 *
 * @example
 * ```ts
 * import Atlassian from 'gatehouse-auth/providers/atlassian'
 * createAuth({ providers: [Atlassian] }) // AUTH_ATLASSIAN_ID, AUTH_ATLASSIAN_SECRET
 * ```
 * @see https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/
 */
export default function Atlassian(
  options: OAuthUserConfig<AtlassianProfile> = {},
): OAuthConfig<AtlassianProfile> {
  return {
    id: 'atlassian',
    name: 'Atlassian',
    type: 'oauth',
    authorization: {
      url: 'https://auth.atlassian.com/authorize',
      params: { audience: 'api.atlassian.com', scope: 'read:me', prompt: 'consent' },
    },
    token: 'https://auth.atlassian.com/oauth/token',
    userinfo: 'https://api.atlassian.com/me',
    checks: ['state'],
    profile: (profile) => ({
      id: profile.account_id,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#0052cc', text: '#fff' },
    options,
  }
}
