import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** Options of {@link FusionAuth}: any provider option, plus the tenant of a multi-tenant FusionAuth. */
export type FusionAuthOptions = OAuthUserConfig<Profile> & { tenantId?: string }

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/** FusionAuth sends `WWW-Authenticate` on successful token responses; oauth4webapi would read that as a challenge. */
function dropChallenge(response: Response): Response {
  if (response.status === 401 || !response.headers.has('www-authenticate')) return response
  const headers = new Headers(response.headers)
  headers.delete('www-authenticate')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Sign in through a FusionAuth instance (OpenID Connect, `openid offline_access email profile`, PKCE and state).
 * Set `issuer` (or `AUTH_FUSIONAUTH_ISSUER`); pass `tenantId` when the instance has several tenants.
 *
 * @see https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/endpoints
 */
export default function FusionAuth(options: FusionAuthOptions = {}): OAuthConfig<Profile> {
  const { tenantId, ...rest } = options
  const base = typeof options.issuer === 'string' ? options.issuer.replace(/\/+$/, '') : ''
  const discovery = `${base}/.well-known/openid-configuration`
  return {
    id: 'fusionauth',
    name: 'FusionAuth',
    type: 'oidc',
    wellKnown: tenantId ? `${discovery}?tenantId=${encodeURIComponent(tenantId)}` : discovery,
    authorization: {
      params: { scope: 'openid offline_access email profile', ...(tenantId ? { tenantId } : {}) },
    },
    userinfo: `${base}/oauth2/userinfo`,
    token: { url: `${base}/oauth2/token`, conform: dropChallenge },
    checks: ['pkce', 'state'],
    profile: (profile) => ({
      id: String(profile.sub),
      email: profile.email ?? null,
      name:
        profile.name ??
        profile.preferred_username ??
        [profile.given_name, profile.middle_name, profile.family_name].filter((x) => x).join(' '),
      image: typeof profile.picture === 'string' ? profile.picture : null,
    }),
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
