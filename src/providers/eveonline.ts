import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The character EVE SSO returns from `/oauth/verify` (the fields Gatehouse reads; others pass through). */
export interface EVEOnlineProfile extends Record<string, unknown> {
  CharacterID: number
  CharacterName: string
  CharacterOwnerHash: string
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`CharacterID` of `/oauth/verify`'

/**
 * Sign in with an EVE Online character through EVE SSO (OAuth 2.0, `publicData`); characters have no e-mail.
 *
 * @see https://docs.esi.evetech.net/docs/sso/
 */
export default function EVEOnline(
  options: OAuthUserConfig<EVEOnlineProfile> = {},
): OAuthConfig<EVEOnlineProfile> {
  return {
    id: 'eveonline',
    name: 'EVE Online',
    type: 'oauth',
    authorization: { url: 'https://login.eveonline.com/v2/oauth/authorize', params: { scope: 'publicData' } },
    token: 'https://login.eveonline.com/v2/oauth/token',
    userinfo: 'https://login.eveonline.com/oauth/verify',
    checks: ['state'],
    profile: (profile) => ({
      id: String(profile.CharacterID),
      name: profile.CharacterName,
      email: null,
      image: `https://image.eveonline.com/Character/${profile.CharacterID}_128.jpg`,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
