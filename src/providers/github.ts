import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile GitHub returns from `/user` (the fields Gatehouse reads; others pass through). */
export interface GitHubProfile extends Record<string, unknown> {
  id: number
  login: string
  name: string | null
  email: string | null
  avatar_url: string
}

/** Options of {@link GitHub}: any provider option, plus the base URL of a GitHub Enterprise Server. */
export type GitHubOptions = OAuthUserConfig<GitHubProfile> & { enterprise?: { baseUrl?: string } }

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/user`'

/**
 * Sign in with a GitHub account through a GitHub OAuth app. The `read:user user:email` scopes read `/user`; when
 * the user keeps their e-mail address private, the primary verified address is read from `/user/emails`. Pass
 * `enterprise.baseUrl` for GitHub Enterprise Server.
 *
 * @example
 * ```ts
 * import GitHub from 'gatehouse-auth/providers/github'
 * createAuth({ providers: [GitHub] }) // AUTH_GITHUB_ID, AUTH_GITHUB_SECRET
 * ```
 * @see https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 */
export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const { enterprise, ...rest } = options
  const base = enterprise?.baseUrl?.replace(/\/+$/, '') ?? 'https://github.com'
  const api = enterprise?.baseUrl ? `${base}/api/v3` : 'https://api.github.com'
  return {
    id: 'github',
    name: 'GitHub',
    type: 'oauth',
    authorization: { url: `${base}/login/oauth/authorize`, params: { scope: 'read:user user:email' } },
    token: `${base}/login/oauth/access_token`,
    userinfo: {
      url: `${api}/user`,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const headers = {
          Authorization: `Bearer ${String(tokens['access_token'])}`,
          Accept: 'application/vnd.github+json',
          'User-Agent': 'gatehouse-auth',
        }
        const res = await fetch(`${api}/user`, { headers })
        if (!res.ok) throw new Error(`GitHub /user answered ${res.status}`)
        const profile = (await res.json()) as GitHubProfile
        if (!profile.email) {
          // A private address is only in /user/emails, which the user:email scope opens.
          const emails = await fetch(`${api}/user/emails`, { headers })
          if (emails.ok) {
            const list = (await emails.json()) as Array<{
              email: string
              primary: boolean
              verified: boolean
            }>
            profile.email =
              (list.find((e) => e.primary && e.verified) ?? list.find((e) => e.verified))?.email ?? null
          }
        }
        return profile
      },
    },
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.name ?? profile.login,
      email: profile.email,
      image: profile.avatar_url,
    }),
    style: { bg: '#24292f', text: '#fff' },
    options: rest,
  }
}
