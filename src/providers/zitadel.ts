import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile ZITADEL returns (the fields Gatehouse reads; others pass through). */
export interface ZitadelProfile extends Record<string, unknown> {
  sub: string
  name?: string
  email?: string
  picture?: string
  preferred_username?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a ZITADEL instance (OpenID Connect). Set `issuer` to the instance, e.g. `https://example-
 * abc.zitadel.cloud`; endpoints come from discovery.
 *
 * @example
 * ```ts
 * import Zitadel from 'gatehouse-auth/providers/zitadel'
 * createAuth({ providers: [Zitadel] }) // AUTH_ZITADEL_ID, AUTH_ZITADEL_SECRET, AUTH_ZITADEL_ISSUER
 * ```
 * @see https://zitadel.com/docs/apis/openidoauth/endpoints
 */
export default function Zitadel(options: OAuthUserConfig<ZitadelProfile> = {}): OAuthConfig<ZitadelProfile> {
  return {
    id: 'zitadel',
    name: 'ZITADEL',
    type: 'oidc',
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? profile.preferred_username ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#0a0b10', text: '#fff' },
    options,
  }
}
