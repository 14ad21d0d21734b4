import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'
import type { Profile } from '../types.js'

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in through a Beyond Identity tenant (OpenID Connect, passwordless). Set `issuer` (or `AUTH_BEYONDIDENTITY_ISSUER`) to the application's issuer URL; endpoints come from discovery.
 *
 * @see https://developer.beyondidentity.com/docs/next-auth
 */
export default function BeyondIdentity(options: OAuthUserConfig<Profile> = {}): OAuthConfig<Profile> {
  return {
    id: 'beyondidentity',
    name: 'Beyond Identity',
    type: 'oidc',
    profile: (profile) => ({
      id: String(profile.sub),
      email: profile.email ?? null,
      name: profile.name ?? null,
      image: null,
    }),
    style: { bg: '#5077c5', text: '#fff' },
    options,
  }
}
