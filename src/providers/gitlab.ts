import type { EndpointConfig, OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The profile GitLab returns from `/api/v4/user` (the fields Gatehouse reads; others pass through). */
export interface GitLabProfile extends Record<string, unknown> {
  id: number
  username: string
  name?: string
  email?: string
  avatar_url?: string
}

/** Options of {@link GitLab}: any provider option, plus the base URL of a self-managed instance. */
export type GitLabOptions = OAuthUserConfig<GitLabProfile> & { baseUrl?: URL | string }

/** An `authorization` option that only adds parameters (no `url` of its own). */
function extraParams(value: unknown): Exclude<EndpointConfig, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const endpoint = value as Exclude<EndpointConfig, string>
  return endpoint.url === undefined ? endpoint : undefined
}

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
  // A path is kept (`https://example.com/gitlab`), with or without its trailing slash.
  const base = new URL(String(baseUrl ?? 'https://gitlab.com')).href.replace(/\/+$/, '')
  // The endpoints are strings, as Auth.js's preset has them; `authorization: { params }` given here still adds to
  // the scope instead of replacing the endpoint.
  const { authorization, ...others } = rest
  const params = extraParams(authorization)
  return {
    id: 'gitlab',
    name: 'GitLab',
    type: 'oauth',
    authorization: params
      ? {
          ...params,
          url: `${base}/oauth/authorize`,
          params: { scope: 'read_user', ...(params.params ?? {}) },
        }
      : `${base}/oauth/authorize?scope=read_user`,
    token: `${base}/oauth/token`,
    userinfo: `${base}/api/v4/user`,
    profile: (profile) => ({
      id: String(profile.id),
      name: profile.name ?? profile.username,
      email: profile.email ?? null,
      image: profile.avatar_url ?? null,
    }),
    style: { bg: '#fc6d26', text: '#fff' },
    options: params ? others : rest,
  }
}
