import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The body Bungie returns for the current user (the `Response.bungieNetUser` fields Gatehouse reads). */
export interface BungieProfile extends Record<string, unknown> {
  Response: { bungieNetUser: { membershipId: string; displayName: string; profilePicturePath: string } }
}

/** Options of {@link Bungie}: any provider option, plus the application's API key (`X-API-Key`, required). */
export type BungieOptions = OAuthUserConfig<BungieProfile> & { apiKey?: string }

/** What becomes the account id, for the README's provider table. */
export const userId = '`bungieNetUser.membershipId` of `GetMembershipsForCurrentUser`'

/** The Bungie.net endpoint that returns the user the token belongs to. */
const CURRENT_USER = 'https://www.bungie.net/Platform/User/GetMembershipsForCurrentUser/'

/**
 * Sign in with a Bungie.net account through OAuth 2.0; Bungie shares no e-mail. Every API call needs the
 * application's key as `X-API-Key` (pass `apiKey`). Auth.js's user URL has an unfilled `{membershipId}`; this
 * preset reads `GetMembershipsForCurrentUser`, which Bungie documents for the token's own user.
 *
 * @see https://github.com/Bungie-net/api/wiki/OAuth-Documentation
 */
export default function Bungie(options: BungieOptions = {}): OAuthConfig<BungieProfile> {
  const { apiKey = '', ...rest } = options
  return {
    id: 'bungie',
    name: 'Bungie',
    type: 'oauth',
    authorization: {
      url: 'https://www.bungie.net/en/OAuth/Authorize',
      params: { reauth: 'true', scope: '' },
    },
    token: 'https://www.bungie.net/platform/app/oauth/token/',
    userinfo: {
      url: CURRENT_USER,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch(CURRENT_USER, {
          headers: { Authorization: `Bearer ${String(tokens['access_token'])}`, 'X-API-Key': apiKey },
        })
        if (!res.ok) throw new Error(`Bungie GetMembershipsForCurrentUser answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: (profile) => {
      const user = profile.Response.bungieNetUser
      const path = user.profilePicturePath
      return {
        id: user.membershipId,
        name: user.displayName,
        email: null,
        image: `https://www.bungie.net${path.startsWith('/') ? '' : '/'}${path}`,
      }
    },
    style: { bg: '#000', text: '#fff' },
    options: rest,
  }
}
