import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile GitLab returns from `/api/v4/user` (the fields Gatehouse reads; others pass through). */
export interface GitLabProfile extends Record<string, unknown> {
  id: number
  username: string
  name?: string
  email?: string
  avatar_url?: string
}

/** Options of {@link GitLab}: any provider option, plus the base URL of a self-managed instance. */
export type GitLabOptions = OAuthUserConfig<GitLabProfile> & { baseUrl?: string }

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/api/v4/user`'

/**
 * Sign in with a GitLab account through OAuth 2.0 with PKCE. The `read_user` scope reads `/api/v4/user`; pass
 * `baseUrl` for a self-managed GitLab instance (default `https://gitlab.com`).
 *
 * @example
 * ```ts
 * import GitLab from 'gatehouse-auth/providers/gitlab'
 * createAuth({ providers: [GitLab] }) // AUTH_GITLAB_ID, AUTH_GITLAB_SECRET
 * ```
 * @see https://docs.gitlab.com/api/oauth2/
 */
export default function GitLab(options: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const { baseUrl, ...rest } = options
  const base = (baseUrl ?? 'https://gitlab.com').replace(/\/+$/, '')
  return {
    id: 'gitlab',
    name: 'GitLab',
    type: 'oauth',
    authorization: { url: `${base}/oauth/authorize`, params: { scope: 'read_user' } },
    token: `${base}/oauth/token`,
    userinfo: `${base}/api/v4/user`,
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.name ?? profile.username,
      email: profile.email ?? null,
      image: profile.avatar_url ?? null,
    }),
    style: { bg: '#fc6d26', text: '#fff' },
    options: rest,
  }
}
