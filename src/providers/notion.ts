import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile Notion returns (the fields Gatehouse reads; others pass through). */
export interface NotionProfile extends Record<string, unknown> {
  id: string
  name?: string
  avatar_url?: string | null
  person?: { email?: string }
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of the bot owner user'

/**
 * Sign in with a Notion account through a public integration's OAuth 2.0 flow (`owner=user`). The profile is
 * the user who authorised the integration, read from the token's bot user.
 *
 * @example
 * ```ts
 * import Notion from 'gatehouse-auth/providers/notion'
 * createAuth({ providers: [Notion] }) // AUTH_NOTION_ID, AUTH_NOTION_SECRET
 * ```
 * @see https://developers.notion.com/docs/authorization
 */
export default function Notion(options: OAuthUserConfig<NotionProfile> = {}): OAuthConfig<NotionProfile> {
  return {
    id: 'notion',
    name: 'Notion',
    type: 'oauth',
    authorization: { url: 'https://api.notion.com/v1/oauth/authorize', params: { owner: 'user' } },
    token: 'https://api.notion.com/v1/oauth/token',
    userinfo: {
      url: 'https://api.notion.com/v1/users/me',
      // The token's bot user names the person who installed the integration.
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const res = await fetch('https://api.notion.com/v1/users/me', {
          headers: {
            Authorization: `Bearer ${String(tokens['access_token'])}`,
            'Notion-Version': '2022-06-28',
          },
        })
        if (!res.ok) throw new Error(`Notion answered ${res.status}`)
        const body = (await res.json()) as { bot?: { owner?: { user?: unknown } } }
        return body.bot?.owner?.user
      },
    },
    profile: (profile) => ({
      id: profile.id,
      name: profile.name ?? null,
      email: profile.person?.email ?? null,
      image: profile.avatar_url ?? null,
    }),
    style: { bg: '#000', text: '#fff' },
    options,
  }
}
