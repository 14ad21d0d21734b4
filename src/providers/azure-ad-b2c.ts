import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Azure AD B2C returns (the fields Gatehouse reads; others pass through). */
export interface AzureADB2CProfile extends Record<string, unknown> {
  sub: string
  name?: string
  preferred_username?: string
  emails?: string[]
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through an Azure AD B2C user flow (OpenID Connect). Set `issuer` to the user flow's issuer, e.g.
 * `https://<tenant>.b2clogin.com/<tenant-id>/v2.0/`; B2C returns the e-mail addresses in the `emails` claim.
 *
 * @example
 * ```ts
 * import AzureADB2C from 'gatehouse-auth/providers/azure-ad-b2c'
 * createAuth({ providers: [AzureADB2C] }) // AUTH_AZURE_AD_B2C_ID, AUTH_AZURE_AD_B2C_SECRET, AUTH_AZURE_AD_B2C_ISSUER
 * ```
 * @see https://learn.microsoft.com/en-us/azure/active-directory-b2c/openid-connect
 */
export default function AzureADB2C(
  options: OAuthUserConfig<AzureADB2CProfile> = {},
): OAuthConfig<AzureADB2CProfile> {
  return {
    id: 'azure-ad-b2c',
    name: 'Azure AD B2C',
    type: 'oidc',
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? profile.preferred_username ?? null,
      email: profile.emails?.[0] ?? null,
      image: null,
    }),
    style: { bg: '#0072c6', text: '#fff' },
    options,
  }
}
