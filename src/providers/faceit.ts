import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user FACEIT returns from its userinfo resource (the fields Gatehouse reads; others pass through). */
export interface FACEITProfile extends Record<string, unknown> {
  guid: string
  name?: string
  nickname?: string
  email?: string
  picture?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`guid` of `/auth/v1/resources/userinfo`'

/**
 * Sign in with a FACEIT account through FACEIT Connect (OAuth 2.0; the client authenticates with HTTP Basic, as
 * FACEIT requires, which is Gatehouse's default).
 *
 * @see https://docs.faceit.com/getting-started/authentication/faceit-connect
 */
export default function FACEIT(options: OAuthUserConfig<FACEITProfile> = {}): OAuthConfig<FACEITProfile> {
  return {
    id: 'faceit',
    name: 'FACEIT',
    type: 'oauth',
    authorization: { url: 'https://accounts.faceit.com/accounts', params: { redirect_popup: 'true' } },
    token: 'https://api.faceit.com/auth/v1/oauth/token',
    userinfo: 'https://api.faceit.com/auth/v1/resources/userinfo',
    profile: (profile) => ({
      id: profile.guid,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: profile.picture ?? null,
    }),
    style: { bg: '#ff5500', text: '#fff' },
    options,
  }
}
