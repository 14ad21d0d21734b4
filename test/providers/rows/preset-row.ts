/**
 * One row per preset: the facts its provider documents (endpoints, scopes, checks, client authentication) and a
 * sample of what its endpoints return, with the user Gatehouse must make of it. `{op}` is the loopback issuer's
 * discovered endpoint base, `{issuer}` the loopback issuer given as the `issuer` option.
 */
export interface PresetRow {
  module: string
  id?: string
  options?: Record<string, unknown>
  authorize: string
  scope: string | null
  checks: Array<'pkce' | 'state' | 'nonce'>
  params?: Record<string, string>
  token: string
  auth: 'basic' | 'post' | 'assertion'
  /** Extra parameters the token request must carry. */
  tokenBody?: Record<string, string>
  /** The token endpoint's body; `{ access_token, token_type: 'bearer' }` when absent. */
  tokens?: Record<string, unknown>
  tokenHeaders?: Record<string, string>
  /** ID token claims (OIDC presets). */
  claims?: Record<string, unknown>
  hs256?: boolean
  userinfo?: unknown
  userinfoJwt?: boolean
  user: { id: string; name: string | null; email: string | null; image: string | null }
}

/** A row of an OIDC preset: discovered endpoints, `client_secret_basic` unless the row says otherwise. */
export const oidc = (
  row: Omit<PresetRow, 'authorize' | 'token' | 'auth'> & Partial<PresetRow>,
): PresetRow => ({
  authorize: '{op}/authorize',
  token: '{op}/token',
  auth: 'basic',
  ...row,
})
