import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The SSO profile WorkOS returns from `/sso/profile` (the fields Gatehouse reads; others pass through). */
export interface WorkOSProfile extends Record<string, unknown> {
  id: string
  email: string
  first_name?: string | null
  last_name?: string | null
  connection_id?: string
  organization_id?: string | null
  raw_attributes?: { picture?: string }
}

/** Options of {@link WorkOS}: any provider option, plus the SSO `connection` to use and the API base URL. */
export type WorkOSOptions = OAuthUserConfig<WorkOSProfile> & { connection?: string }

/** What becomes the account id, for the README's provider table. */
export const userId = '`id` of `/sso/profile`'

/**
 * Sign in through WorkOS SSO (OAuth 2.0 in front of SAML and OIDC identity providers). Pass `connection` (or add
 * `organization` / `provider` to `authorization.params`) to choose the enterprise connection; the client
 * authenticates with `client_secret_post`.
 *
 * @example
 * ```ts
 * import WorkOS from 'gatehouse-auth/providers/workos'
 * createAuth({ providers: [WorkOS({ connection: 'conn_123' })] }) // AUTH_WORKOS_ID, AUTH_WORKOS_SECRET
 * ```
 * @see https://workos.com/docs/reference/sso
 */
export default function WorkOS(options: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const { connection, issuer, ...rest } = options
  const base = (typeof issuer === 'string' ? issuer : 'https://api.workos.com').replace(/\/+$/, '')
  return {
    id: 'workos',
    name: 'WorkOS',
    type: 'oauth',
    authorization: { url: `${base}/sso/authorize`, params: connection ? { connection } : {} },
    token: `${base}/sso/token`,
    userinfo: `${base}/sso/profile`,
    client: { token_endpoint_auth_method: 'client_secret_post' },
    profile: (profile) => ({
      id: profile.id,
      name: [profile.first_name, profile.last_name].filter(Boolean).join(' ') || null,
      email: profile.email,
      image: profile.raw_attributes?.picture ?? null,
    }),
    style: { bg: '#6363f1', text: '#fff' },
    options: rest,
  }
}
