import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Logto tenant (OpenID Connect, `offline_access openid email profile`). Set `issuer` (or `AUTH_LOGTO_ISSUER`) to the tenant's OIDC issuer, e.g. `https://example.logto.app/oidc`.
 *
 * @see https://docs.logto.io/integrate-logto/third-party-applications/
 */
export default function Logto(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'logto',
    name: 'Logto',
    type: 'oidc',
    authorization: { params: { scope: 'offline_access openid email profile' } },
    profile: (profile) => ({
      id: String(profile.sub),
      name: profile.name ?? (profile['username'] as string | undefined) ?? null,
      email: profile.email ?? null,
      image: typeof profile.picture === 'string' ? profile.picture : null,
    }),
    style: { bg: '#5d34f2', text: '#fff' },
    options,
  }
}
