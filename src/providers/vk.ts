import { conformTokenResponse } from '../oauth-client/conform-token-response.js'
import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** One user of VK's `users.get` (the fields Gatehouse reads; others pass through), with the token's `email`. */
export interface VkProfile extends Record<string, unknown> {
  id: number
  first_name?: string
  last_name?: string
  photo_100?: string
  email?: string | null
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `users.get`'

/** The VK API version the preset speaks (as Auth.js). */
const V = '5.131'

/**
 * Sign in with a VK account through OAuth 2.0 (`email`). VK returns the e-mail address in the token response, not
 * from `users.get`, and no `token_type`, so the token response is conformed and the address merged into the user.
 *
 * @see https://dev.vk.com/en/api/access-token/authcode-flow-user
 */
export default function VK(options: OAuthUserConfig<VkProfile> = {}): OAuthConfig<VkProfile> {
  const url = `https://api.vk.com/method/users.get?fields=photo_100&v=${V}`
  return {
    id: 'vk',
    name: 'VK',
    type: 'oauth',
    authorization: { url: 'https://oauth.vk.com/authorize', params: { scope: 'email', v: V } },
    client: { token_endpoint_auth_method: 'client_secret_post' },
    token: { url: `https://oauth.vk.com/access_token?v=${V}`, conform: conformTokenResponse },
    userinfo: {
      url,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(url, {
          headers: { Authorization: `Bearer ${String(tokens['access_token'])}` },
        })
        if (!res.ok) throw new Error(`VK users.get answered ${res.status}`)
        const body = (await res.json()) as { response?: VkProfile[] }
        const user = body.response?.[0]
        if (!user) throw new Error('VK users.get returned no user')
        return { ...user, email: typeof tokens['email'] === 'string' ? tokens['email'] : null }
      },
    },
    profile: (profile) => ({
      id: String(profile.id),
      name: [profile.first_name, profile.last_name].filter(Boolean).join(' '),
      email: profile.email ?? null,
      image: profile.photo_100 ?? null,
    }),
    style: { bg: '#07f', text: '#fff' },
    options,
  }
}
