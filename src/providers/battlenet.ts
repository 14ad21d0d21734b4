import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Battle.net returns (the fields Gatehouse reads; others pass through). */
export interface BattleNetProfile extends Record<string, unknown> {
  sub: string
  battle_tag?: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`sub` of the ID token'

/**
 * Sign in with a Battle.net account (OpenID Connect). The default issuer is the global
 * `https://oauth.battle.net`; set `issuer` for the China region (`https://oauth.battlenet.com.cn`).
 * Battle.net shares no e-mail address.
 *
 * @example
 * ```ts
 * import BattleNet from 'gatehouse-auth/providers/battlenet'
 * createAuth({ providers: [BattleNet] }) // AUTH_BATTLENET_ID, AUTH_BATTLENET_SECRET
 * ```
 * @see https://develop.battle.net/documentation/guides/using-oauth
 */
export default function BattleNet(
  options: OAuthUserConfig<BattleNetProfile> = {},
): OAuthConfig<BattleNetProfile> {
  return {
    id: 'battlenet',
    name: 'Battle.net',
    type: 'oidc',
    issuer: 'https://oauth.battle.net',
    profile: (profile) => ({ id: profile.sub, name: profile.battle_tag ?? null, email: null, image: null }),
    style: { bg: '#148eff', text: '#fff' },
    options,
  }
}
