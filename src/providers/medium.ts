import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Medium returns from `/v1/me` (the fields Gatehouse reads; others pass through). */
export interface MediumProfile extends Record<string, unknown> {
  data: { id: string; username: string; name: string; imageUrl: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/v1/me`'

/**
 * Sign in with a Medium account through OAuth 2.0 (`basicProfile`). Medium no longer issues new integration
 * tokens or registers new OAuth clients; the preset stays for applications that still have one.
 *
 * @see https://github.com/Medium/medium-api-docs
 */
export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuthConfig<MediumProfile> {
  return {
    id: 'medium',
    name: 'Medium',
    type: 'oauth',
    authorization: { url: 'https://medium.com/m/oauth/authorize', params: { scope: 'basicProfile' } },
    token: 'https://api.medium.com/v1/tokens',
    userinfo: 'https://api.medium.com/v1/me',
    profile: ({ data }) => ({ id: data.id, name: data.name, email: null, image: data.imageUrl }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
