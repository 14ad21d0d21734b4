import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Patreon returns for the current user (the fields Gatehouse reads; others pass through). */
export interface PatreonProfile extends Record<string, unknown> {
  data: {
    id: string
    attributes: { full_name: string; email?: string; image_url?: string }
  }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/api/oauth2/v2/identity`'

/**
 * Sign in with a Patreon account through OAuth 2.0 (`identity identity[email]`). Patreon has deprecated the v1
 * `current_user` resource that Auth.js reads; this preset reads `/api/oauth2/v2/identity` with the
 * `full_name`, `email` and `image_url` fields requested, which has the same `data.attributes` shape.
 *
 * @see https://docs.patreon.com/#get-api-oauth2-v2-identity
 */
export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuthConfig<PatreonProfile> {
  return {
    id: 'patreon',
    name: 'Patreon',
    type: 'oauth',
    authorization: {
      url: 'https://www.patreon.com/oauth2/authorize',
      params: { scope: 'identity identity[email]' },
    },
    token: 'https://www.patreon.com/api/oauth2/token',
    userinfo: 'https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=full_name,email,image_url',
    profile: ({ data }) => ({
      id: data.id,
      name: data.attributes.full_name,
      email: data.attributes.email ?? null,
      image: data.attributes.image_url ?? null,
    }),
    style: { bg: '#e85b46', text: '#fff' },
    options,
  }
}
