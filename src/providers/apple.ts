import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Apple returns (the fields Gatehouse reads; others pass through). */
export interface AppleProfile extends Record<string, unknown> {
  sub: string
  email?: string
  email_verified?: boolean | string
  is_private_email?: boolean | string
  user?: { name?: { firstName?: string; lastName?: string }; email?: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with Apple (OpenID Connect). Apple posts the response back (`response_mode=form_post`), has no
 * userinfo endpoint and sends the user's name only on the first consent, as a `user` form field that
 * Gatehouse merges into the profile. Token endpoint authentication is `client_secret_post` with a client
 * secret that is itself a JWT you generate from your Apple key.
 *
 * @example
 * ```ts
 * import Apple from 'gatehouse-auth/providers/apple'
 * createAuth({ providers: [Apple] }) // AUTH_APPLE_ID, AUTH_APPLE_SECRET
 * ```
 * @see https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_rest_api
 */
export default function Apple(options: OAuthUserConfig<AppleProfile> = {}): OAuthConfig<AppleProfile> {
  return {
    id: 'apple',
    name: 'Apple',
    type: 'oidc',
    issuer: 'https://appleid.apple.com',
    authorization: { params: { scope: 'name email', response_mode: 'form_post' } },
    client: { token_endpoint_auth_method: 'client_secret_post' },
    checks: ['nonce', 'state'],
    profile: (profile) => {
      const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(' ')
      return {
        id: profile.sub,
        name: name || profile.email || null,
        email: profile.email ?? null,
        image: null,
      }
    },
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
