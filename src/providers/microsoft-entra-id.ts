import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The ID token claims of Microsoft Entra ID (the fields Gatehouse reads; others pass through). */
export interface MicrosoftEntraIDProfile extends Record<string, unknown> {
  sub: string
  oid?: string
  tid?: string
  name?: string
  email?: string
  preferred_username?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Microsoft work or school account through Microsoft Entra ID (OpenID Connect). The default issuer,
 * `https://login.microsoftonline.com/common/v2.0`, accepts any tenant: the ID token's issuer must then be the one
 * of the tenant named by its `tid` claim. Set `issuer` (or `AUTH_MICROSOFT_ENTRA_ID_ISSUER`) to
 * `https://login.microsoftonline.com/<tenant-id>/v2.0` to accept only your own tenant.
 *
 * @example
 * ```ts
 * import MicrosoftEntraID from 'gatehouse-auth/providers/microsoft-entra-id'
 * createAuth({ providers: [MicrosoftEntraID] }) // AUTH_MICROSOFT_ENTRA_ID_ID, _SECRET, _ISSUER
 * ```
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 */
export default function MicrosoftEntraID(
  options: OAuthUserConfig<MicrosoftEntraIDProfile> = {},
): OAuthConfig<MicrosoftEntraIDProfile> {
  return {
    id: 'microsoft-entra-id',
    name: 'Microsoft Entra ID',
    type: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    authorization: { params: { scope: 'openid profile email User.Read' } },
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? profile.preferred_username ?? null,
      image: null,
    }),
    style: { bg: '#0072c6', text: '#fff' },
    options,
  }
}
