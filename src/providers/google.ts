import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Google returns (the fields Gatehouse reads; others pass through). */
export interface GoogleProfile extends Record<string, unknown> {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  picture?: string
  hd?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Google account (OpenID Connect). Endpoints come from discovery at `accounts.google.com`; to
 * receive a refresh token add `access_type: 'offline'` and `prompt: 'consent'` to `authorization.params`.
 *
 * @example
 * ```ts
 * import Google from 'gatehouse-auth/providers/google'
 * createAuth({ providers: [Google] }) // AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET
 * ```
 * @see https://developers.google.com/identity/openid-connect/openid-connect
 */
export default function Google(options: OAuthUserConfig<GoogleProfile> = {}): OAuthConfig<GoogleProfile> {
  return {
    id: 'google',
    name: 'Google',
    type: 'oidc',
    issuer: 'https://accounts.google.com',
    profile: (profile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#1a73e8', text: '#fff' },
    options,
  }
}
