import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Foursquare returns from `/v2/users/self` (the fields Gatehouse reads; others pass through). */
export interface FoursquareProfile extends Record<string, unknown> {
  response: {
    user: {
      id: string
      firstName: string
      lastName?: string
      contact: { email?: string }
      photo?: { prefix: string; suffix: string }
    }
  }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`response.user.id` of `/v2/users/self`'

/**
 * Sign in with a Foursquare account through OAuth 2.0. Foursquare's v2 API takes the token as the `oauth_token`
 * query parameter and a version date `v` (the `apiVersion` option, `20230131` by default).
 *
 * @see https://docs.foursquare.com/developer/docs/authentication
 */
export default function Foursquare(
  options: OAuthUserConfig<FoursquareProfile> & { apiVersion?: string } = {},
): OAuthConfig<FoursquareProfile> {
  const { apiVersion = '20230131', ...rest } = options
  const url = `https://api.foursquare.com/v2/users/self?v=${apiVersion}`
  return {
    id: 'foursquare',
    name: 'Foursquare',
    type: 'oauth',
    authorization: 'https://foursquare.com/oauth2/authenticate',
    token: 'https://foursquare.com/oauth2/access_token',
    userinfo: {
      url,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const target = new URL(url)
        target.searchParams.set('oauth_token', String(tokens['access_token']))
        const res = await fetch(target)
        if (!res.ok) throw new Error(`Foursquare /v2/users/self answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: ({ response: { user } }) => ({
      id: user.id,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      email: user.contact.email ?? null,
      image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
    }),
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
