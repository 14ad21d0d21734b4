import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a SimpleLogin account (OpenID Connect); the user's avatar is its `avatar_url` claim.
 *
 * @see https://simplelogin.io/docs/siwsl/discovery/
 */
export default function SimpleLogin(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'simplelogin',
    name: 'SimpleLogin',
    type: 'oidc',
    issuer: 'https://app.simplelogin.io',
    profile: (profile) => ({
      id: String(profile.sub),
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: (profile['avatar_url'] as string | null | undefined) ?? null,
    }),
    style: { bg: '#e3156a', text: '#fff' },
    options,
  }
}
