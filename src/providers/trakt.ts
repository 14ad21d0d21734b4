import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user Trakt returns from `/users/me?extended=full` (the fields Gatehouse reads; others pass through). */
export interface TraktProfile extends Record<string, unknown> {
  username: string
  name: string
  ids: { slug: string; uuid?: string }
  images?: { avatar?: { full?: string } }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`ids.slug` of `/users/me`'

/**
 * Sign in with a Trakt account through OAuth 2.0 (Trakt has no scopes; it shares no e-mail). Trakt's API wants the
 * `trakt-api-version` and `trakt-api-key` (the client id) headers beside the token.
 *
 * @see https://trakt.docs.apiary.io/#reference/authentication-oauth
 */
export default function Trakt(options: OAuthUserConfig<TraktProfile> = {}): OAuthConfig<TraktProfile> {
  const url = 'https://api.trakt.tv/users/me?extended=full'
  return {
    id: 'trakt',
    name: 'Trakt',
    type: 'oauth',
    authorization: { url: 'https://trakt.tv/oauth/authorize', params: { scope: '' } },
    token: 'https://api.trakt.tv/oauth/token',
    userinfo: {
      url,
      request: async ({ tokens, provider, fetch }: EndpointRequestContext) => {
        const res = await fetch(url, {
          headers: {
            Authorization: `Bearer ${String(tokens['access_token'])}`,
            'trakt-api-version': '2',
            'trakt-api-key': provider.clientId,
          },
        })
        if (!res.ok) throw new Error(`Trakt /users/me answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: (profile) => ({
      id: profile.ids.slug,
      name: profile.name,
      email: null,
      image: profile.images?.avatar?.full ?? null,
    }),
    style: { bg: '#ed2224', text: '#fff' },
    options,
  }
}
