import type { ResolvedProvider } from '../config/resolved-provider.js'
import type { EndpointConfig, OAuthConfig } from '../providers/provider-types.js'
import { allowInsecureRequests, customFetch } from '../symbols.js'
import type { Account, Awaitable, Profile, User } from '../types.js'
import { createOutboundFetch, DEFAULT_OUTBOUND_TIMEOUT_MS } from './outbound-fetch.js'

/** A check that protects the callback; `none` in the configuration means an empty set. */
export type OAuthCheck = 'pkce' | 'state' | 'nonce'

/** The token endpoint client authentication methods Gatehouse implements. */
export type ClientAuthMethod =
  'client_secret_basic' | 'client_secret_post' | 'client_secret_jwt' | 'private_key_jwt' | 'none'

/** What a custom `userinfo.request` or `token.request` handler receives. */
export interface EndpointRequestContext {
  tokens: Record<string, unknown>
  provider: NormalizedProvider
  /** The provider's outbound `fetch`: timeout, no redirects, `http:` refused off loopback. */
  fetch: typeof fetch
  /** The callback URL sent as `redirect_uri`, for a `token.request` that builds the grant itself. */
  redirectUri?: string
}

/** One endpoint after normalisation: its URL (when known before discovery), extra parameters and hooks. */
export interface NormalizedEndpoint {
  url: URL | undefined
  params: Record<string, string>
  request: ((context: EndpointRequestContext) => Awaitable<unknown>) | undefined
  conform: ((response: Response) => Awaitable<Response>) | undefined
}

/** Defaults applied to every provider of one configuration. */
export interface ProviderDefaults {
  fetch: typeof fetch
  timeoutMs: number
  allowInsecure: boolean
  redirectProxyUrl: string | undefined
}

/** An OAuth or OIDC provider with every default applied (spec §2.7, wire-contract §4.4); built once per config. */
export interface NormalizedProvider {
  readonly id: string
  readonly type: 'oauth' | 'oidc'
  readonly clientId: string
  readonly clientSecret: string | undefined
  readonly issuer: string | undefined
  readonly wellKnown: string | undefined
  readonly jwksUri: string | undefined
  readonly authorization: NormalizedEndpoint
  readonly token: NormalizedEndpoint
  readonly userinfo: NormalizedEndpoint
  readonly checks: ReadonlySet<OAuthCheck>
  readonly clientAuthMethod: ClientAuthMethod
  readonly client: Readonly<Record<string, unknown>>
  /** Whether the ID token's claims are the profile (OIDC), or the userinfo endpoint is asked. */
  readonly idToken: boolean
  readonly formPost: boolean
  readonly redirectProxyUrl: string | undefined
  readonly profile: (profile: Profile, tokens: Record<string, unknown>) => Awaitable<User>
  readonly account: (tokens: Record<string, unknown>) => Partial<Account> | undefined | null
  readonly fetch: typeof fetch
}

function toParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof params !== 'object' || params === null) return out
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    // Structured values (e.g. the OIDC `claims` request parameter) travel as JSON (OIDC Core §5.5).
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number)
  }
  return out
}

function endpoint(config: EndpointConfig | undefined): NormalizedEndpoint {
  if (config === undefined) return { url: undefined, params: {}, request: undefined, conform: undefined }
  if (typeof config === 'string') {
    return { url: new URL(config), params: {}, request: undefined, conform: undefined }
  }
  const request = typeof config['request'] === 'function' ? config['request'] : undefined
  const conform = typeof config['conform'] === 'function' ? config['conform'] : undefined
  return {
    url: typeof config.url === 'string' ? new URL(config.url) : undefined,
    params: toParams(config.params),
    request: request as NormalizedEndpoint['request'],
    conform: conform as NormalizedEndpoint['conform'],
  }
}

/** Without a `profile` callback: the standard OIDC claims, or the common `id` of OAuth user APIs. */
function defaultProfile(profile: Profile): User {
  const id = profile.sub ?? profile.id
  return {
    ...(id === undefined || id === null ? {} : { id: String(id) }),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === 'string' ? profile.picture : null,
  }
}

/**
 * The account fields kept by default (spec §2.3): the token set minus everything else the provider returned,
 * `token_type` lowercased as RFC 6749 §5.1 says it is case-insensitive.
 */
export function defaultAccount(tokens: Record<string, unknown>): Partial<Account> {
  const out: Partial<Account> = {}
  for (const key of ['access_token', 'id_token', 'refresh_token', 'expires_at', 'scope', 'session_state']) {
    if (tokens[key] !== undefined) out[key] = tokens[key]
  }
  if (typeof tokens['token_type'] === 'string') {
    out.token_type = tokens['token_type'].toLowerCase() as Lowercase<string>
  }
  return out
}

function checksOf(config: OAuthConfig, redirectProxyUrl: string | undefined): Set<OAuthCheck> {
  const listed = config.checks ?? ['pkce']
  const checks = new Set(listed.filter((c): c is OAuthCheck => c !== 'none'))
  // The proxy needs the state to carry the real origin (wire-contract §4.4).
  if (redirectProxyUrl !== undefined) checks.add('state')
  return checks
}

function clientAuthMethod(config: OAuthConfig): ClientAuthMethod {
  const method = config.client?.['token_endpoint_auth_method']
  // As Auth.js: a provider that says nothing authenticates with client_secret_basic, so a missing secret is a
  // configuration error rather than a silent public client; `none` must be asked for.
  if (method === undefined) return 'client_secret_basic'
  if (
    method === 'client_secret_basic' ||
    method === 'client_secret_post' ||
    method === 'client_secret_jwt' ||
    method === 'private_key_jwt' ||
    method === 'none'
  ) {
    return method
  }
  throw new TypeError(
    `Provider "${config.id}": client.token_endpoint_auth_method "${JSON.stringify(method)}" is not supported; use ` +
      'client_secret_basic, client_secret_post, client_secret_jwt, private_key_jwt or none.',
  )
}

/**
 * Applies the defaults of wire-contract §4.4 to a resolved provider: endpoints parsed, `wellKnown` derived from
 * `issuer`, checks defaulted to PKCE, client authentication to `client_secret_basic`, and the outbound `fetch`
 * built from the provider's or the configuration's `customFetch`.
 *
 * @throws TypeError when an endpoint URL does not parse or an option has an unknown value.
 */
export function normalizeProvider(
  provider: ResolvedProvider,
  defaults: ProviderDefaults,
): NormalizedProvider {
  const config = provider as OAuthConfig
  const redirectProxyUrl =
    typeof config.redirectProxyUrl === 'string' ? config.redirectProxyUrl : defaults.redirectProxyUrl
  const authorization = endpoint(config.authorization)
  // The issuer is compared exactly (RFC 8414 §3.3): some keep a trailing slash (Roblox, Vipps, Auth0).
  const issuer = typeof config.issuer === 'string' ? config.issuer : undefined
  const wellKnown =
    config.wellKnown ??
    (issuer === undefined ? undefined : `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)
  const timeout = typeof config['timeout'] === 'number' ? config['timeout'] : defaults.timeoutMs
  return Object.freeze({
    id: config.id,
    type: config.type,
    clientId: config.clientId ?? '',
    clientSecret: config.clientSecret,
    issuer,
    wellKnown,
    jwksUri: config.jwks_endpoint,
    authorization,
    token: endpoint(config.token),
    userinfo: endpoint(config.userinfo),
    checks: checksOf(config, redirectProxyUrl),
    clientAuthMethod: clientAuthMethod(config),
    client: Object.freeze({ ...config.client }),
    idToken: config.type === 'oidc' && config['idToken'] !== false,
    formPost: authorization.params['response_mode'] === 'form_post',
    redirectProxyUrl: redirectProxyUrl?.replace(/\/+$/, ''),
    profile: config.profile
      ? (profile: Profile, tokens: Record<string, unknown>) => config.profile!(profile, tokens)
      : defaultProfile,
    account: config.account ?? defaultAccount,
    fetch: createOutboundFetch({
      fetch: provider[customFetch] ?? defaults.fetch,
      timeoutMs: timeout > 0 ? timeout : DEFAULT_OUTBOUND_TIMEOUT_MS,
      allowInsecure: defaults.allowInsecure || config['allowInsecureRequests'] === allowInsecureRequests,
    }),
  })
}
