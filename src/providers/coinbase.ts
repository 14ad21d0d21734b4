import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Coinbase returns from `/v2/user` (the fields Gatehouse reads; others pass through). */
export interface CoinbaseProfile extends Record<string, unknown> {
  data: { id: string; name: string; email?: string | null; avatar_url?: string | null }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`data.id` of `/v2/user`'

/**
 * Sign in with a Coinbase account through OAuth 2.0 (`wallet:user:email wallet:user:read`).
 *
 * @see https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/reference
 */
export default function Coinbase(
  options: OAuthUserConfig<CoinbaseProfile> = {},
): OAuthConfig<CoinbaseProfile> {
  return {
    id: 'coinbase',
    name: 'Coinbase',
    type: 'oauth',
    authorization: {
      url: 'https://login.coinbase.com/oauth2/auth',
      params: { scope: 'wallet:user:email wallet:user:read' },
    },
    token: 'https://login.coinbase.com/oauth2/token',
    userinfo: 'https://api.coinbase.com/v2/user',
    profile: (profile) => ({
      id: profile.data.id,
      name: profile.data.name,
      email: profile.data.email ?? null,
      image: profile.data.avatar_url ?? null,
    }),
    style: { bg: '#0052ff', text: '#fff' },
    options,
  }
}
