import { cryptoBackend } from '#crypto'
import { defaultCookies, mergeCookies } from '../cookies/default-cookies.js'
import {
  AuthError,
  MissingAdapter,
  MissingAdapterMethods,
  InvalidEndpoints,
  MissingSecret,
  MissingSecretError,
  UntrustedHost,
} from '../errors.js'
import { guardAdapter } from '../adapters/guard-adapter.js'
import { missingAdapterMethods, type AdapterFeature } from '../adapters/missing-adapter-methods.js'
import { adapterFor, type AdapterFor } from '../adapters/adapter-for.js'
import type { SessionStrategy } from '../session/session-strategy.js'
import { sessionStrategyFor } from '../session/session-strategy-for.js'
import { DEFAULT_VERIFIED_TOKENS } from '../jwt/verified-token-cache.js'
import { SessionJwe } from '../jwt/session-jwe.js'
import { OAuthRuntime } from '../oauth-client/oauth-runtime.js'
import { oauthProviderProblems } from '../oauth-client/provider-problems.js'
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from '../oauth-client/outbound-fetch.js'
import { createLogger } from '../lib/logger.js'
import { processEnv } from '../lib/process-env.js'
import type { Adapter } from '../adapters/adapter.js'
import { allowInsecureRequests, customFetch, raw, skipCSRFCheck } from '../symbols.js'
import type {
  AuthConfig,
  CallbacksOptions,
  CookiesOptions,
  EventCallbacks,
  JWTOptions,
  LoggerInstance,
  PagesOptions,
  SessionOptions,
  Theme,
} from '../types.js'
import { defaultCallbacks } from './default-callbacks.js'
import { readEnv } from './read-env.js'
import { compileForwardOrigins } from '../flows/oauth/forward-origin-patterns.js'
import { resolveProviders, type ResolvedProvider } from './resolve-providers.js'
import { flowFor } from '../flows/flow-for.js'

/** Cookies and session keys for one security mode (HTTPS or plain HTTP): names and key salts differ. */
export interface CookieMode {
  readonly cookies: CookiesOptions
  /** Encrypts and decrypts session JWTs; keys derived once, salted with the session cookie name. */
  readonly sessionJwe: SessionJwe
}

/** A configuration with every default applied, validated and frozen; built once per configuration object. */
export interface ResolvedConfig {
  readonly basePath: string
  readonly secrets: readonly string[]
  /** The public address from `AUTH_URL`; when set, the request's own host is never used. */
  readonly authUrl: URL | undefined
  readonly useSecureCookies: boolean | undefined
  readonly session: Readonly<SessionOptions>
  readonly jwt: Readonly<Required<Pick<JWTOptions, 'maxAge'>> & Omit<JWTOptions, 'maxAge'>>
  readonly providers: readonly ResolvedProvider[]
  readonly providerById: ReadonlyMap<string, ResolvedProvider>
  readonly pages: Readonly<Partial<PagesOptions>>
  readonly callbacks: Readonly<CallbacksOptions>
  /** Which callbacks the user replaced: the defaults are skipped on the hot path. */
  readonly customCallbacks: Readonly<Record<keyof CallbacksOptions, boolean>>
  readonly events: Readonly<Partial<EventCallbacks>>
  readonly logger: LoggerInstance
  readonly theme: Readonly<Theme>
  readonly skipCSRFCheck: boolean
  readonly raw: boolean
  readonly adapter: Adapter | undefined
  /** The adapter as account linking sees it: set when it has every method linking needs. */
  readonly accountAdapter: AdapterFor<'accounts'> | undefined
  /** The adapter as database sessions see it: set with the `database` strategy (which configuration requires it for). */
  readonly sessionAdapter: AdapterFor<'database-sessions'> | undefined
  /** Where sessions live, resolved once. */
  readonly sessionStrategy: SessionStrategy
  readonly redirectProxyUrl: string | undefined
  /** Origins the redirect-proxy deployment may forward callbacks to. */
  readonly redirectProxyForwardOrigins: readonly RegExp[]
  readonly enableWebAuthn: boolean
  readonly fetch: typeof fetch
  /** OAuth state of this configuration: normalised providers, discovery and key-set caches, check codecs. */
  readonly oauth: OAuthRuntime
  readonly secure: CookieMode
  readonly insecure: CookieMode
}

type Env = Record<string, string | undefined>

const DAY = 86_400

/** How long an adapter call may go unanswered by default: long for a database, short for a person waiting. */
const DEFAULT_ADAPTER_TIMEOUT_MS = 10_000

/**
 * Applies defaults and environment inference, validates, and freezes. Every problem is collected and reported in
 * one error that names the option and says what to do; warnings are logged once, here.
 *
 * @throws AuthError listing every problem (its class is the first problem's: `MissingSecretError`, …).
 */
export function resolveConfig(config: AuthConfig, env: Env = processEnv()): ResolvedConfig {
  const problems: Array<{ type: typeof AuthError; text: string }> = []
  const problem = (type: typeof AuthError, text: string) => problems.push({ type, text })
  if (typeof config !== 'object' || config === null) {
    throw new TypeError('Gatehouse: the configuration must be an object, or a function returning one.')
  }
  const logger = createLogger(config.logger, config.debug === true)
  const fromEnv = readEnv(config, env)

  const secrets =
    typeof config.secret === 'string' && config.secret !== ''
      ? [config.secret]
      : Array.isArray(config.secret) && config.secret.length > 0
        ? [...config.secret]
        : fromEnv.secrets
  const given: unknown = config.secret
  // Say what is wrong with a secret that was set, rather than "no secret is set".
  if (given !== undefined && given !== null && typeof given !== 'string' && !Array.isArray(given)) {
    problem(AuthError, '`secret` must be a string or an array of strings (the newest first).')
  } else if (secrets.some((s) => typeof s !== 'string' || s === '')) {
    problem(AuthError, 'every entry of `secret` must be a non-empty string.')
  } else if (secrets.length === 0) {
    problem(
      fromEnv.production ? MissingSecretError : MissingSecret,
      '`secret`: no secret is set. Set AUTH_SECRET (generate one with `npx gatehouse-auth secret`) or pass `secret`.',
    )
  }

  const timeout = (name: 'oauthTimeout' | 'adapterTimeout', allowZero: boolean): number | undefined => {
    const value = config[name]
    if (value === undefined) return undefined
    if (typeof value === 'number' && Number.isFinite(value) && (value > 0 || (allowZero && value === 0)))
      return value
    problem(
      AuthError,
      `\`${name}\`: ${String(value)} is not a number of milliseconds${allowZero ? ' (0 for no limit)' : ' above 0'}.`,
    )
    return undefined
  }
  const oauthTimeout = timeout('oauthTimeout', false)
  const adapterTimeout = timeout('adapterTimeout', true) ?? DEFAULT_ADAPTER_TIMEOUT_MS

  let authUrl: URL | undefined
  if (fromEnv.authUrl !== undefined) {
    try {
      authUrl = new URL(fromEnv.authUrl)
      if (authUrl.protocol !== 'https:' && authUrl.protocol !== 'http:') throw new TypeError('not http(s)')
    } catch {
      problem(
        AuthError,
        `AUTH_URL: "${fromEnv.authUrl}" is not an http(s) URL. Set it to the public address.`,
      )
      authUrl = undefined
    }
  }

  let basePath = config.basePath ?? (authUrl && authUrl.pathname !== '/' ? authUrl.pathname : '/auth')
  if (typeof basePath !== 'string' || !basePath.startsWith('/') || /[?#\s]/.test(basePath)) {
    problem(AuthError, `\`basePath\`: "${String(basePath)}" must be a path starting with "/", like "/auth".`)
    basePath = '/auth'
  }
  basePath = basePath.replace(/\/+$/, '')
  if (
    config.basePath !== undefined &&
    authUrl &&
    authUrl.pathname !== '/' &&
    authUrl.pathname.replace(/\/+$/, '') !== basePath
  ) {
    logger.warn('env-url-basepath-mismatch')
  }

  const trustHost = config.trustHost ?? (authUrl !== undefined ? true : fromEnv.trustHost) ?? false
  if (!trustHost && authUrl === undefined) {
    problem(
      UntrustedHost,
      'the host of requests is not trusted. Set AUTH_URL to the public address of the app, or set `trustHost: true` ' +
        '(AUTH_TRUST_HOST=true) if a proxy you control sets the Host header.',
    )
  }

  const session = resolveSession(config, problem)
  if (session.strategy === 'database' && !config.adapter) {
    problem(
      MissingAdapter,
      '`session.strategy` is "database" but no `adapter` is set. Set an adapter, or use "jwt".',
    )
  }
  const jwtMaxAge = config.jwt?.maxAge ?? session.maxAge
  // Only a `jwt.maxAge` the user wrote is checked: an inherited bad `session.maxAge` is already reported once.
  if (config.jwt?.maxAge !== undefined && !isSeconds(jwtMaxAge))
    problem(AuthError, '`jwt.maxAge` must be a whole number of seconds, 0 or more.')

  const providerProblems: string[] = []
  const providers = Array.isArray(config.providers)
    ? resolveProviders(config.providers, env, providerProblems)
    : []
  if (!Array.isArray(config.providers)) problem(AuthError, '`providers` must be an array (it may be empty).')
  for (const text of providerProblems) problem(AuthError, text)
  for (const p of providers) {
    // A retired id keeps working; the warning names the id to move to (`renamedTo` of the preset).
    if ((p.type === 'oauth' || p.type === 'oidc') && typeof p.renamedTo === 'string') {
      logger.warn(
        'provider-renamed',
        `Provider "${p.id}" is retired or renamed in Auth.js; use "${p.renamedTo}" (gatehouse-auth/providers/${p.renamedTo}).`,
      )
    }
  }
  const needAdapter = providers.filter((p) => flowFor(p).requiresAdapter === true)
  if (!config.adapter && needAdapter.length > 0) {
    const methods = missingAdapterMethods(
      {},
      needAdapter.flatMap((p) => flowFor(p).adapterFeatures),
    )
    problem(
      MissingAdapter,
      `${needAdapter.map((p) => `provider "${p.id}" (${p.type})`).join(', ')} needs an \`adapter\` with ` +
        `${methods.map((m) => `\`${m}\``).join(', ')}, even with JWT sessions (its sign-in tokens or passkeys are stored there). ` +
        'Set an adapter, such as gatehouse-auth/adapters/sqlite.',
    )
  }
  if (config.adapter) {
    const features = new Set<AdapterFeature>()
    if (session.strategy === 'database') features.add('database-sessions')
    for (const p of providers) for (const feature of flowFor(p).adapterFeatures) features.add(feature)
    const missing = missingAdapterMethods(config.adapter, features)
    if (missing.length > 0) {
      problem(
        MissingAdapterMethods,
        `\`adapter\` lacks ${missing.map((m) => `\`${m}\``).join(', ')}, needed by ${[...features].join(', ')}. ` +
          'Implement them, or use an adapter that has them.',
      )
    }
  }

  const { callbacks, custom } = defaultCallbacks(config.callbacks, problem)
  const pages = resolvePages(config.pages, problem)
  const theme = Object.freeze({ colorScheme: 'auto' as const, ...config.theme })
  if (!['auto', 'dark', 'light'].includes(theme.colorScheme)) {
    problem(AuthError, '`theme.colorScheme` must be "auto", "dark" or "light".')
  }

  const forwardOrigins = compileForwardOrigins(
    config.redirectProxyAllowedOrigins ?? fromEnv.redirectProxyAllowedOrigins,
  )
  for (const entry of forwardOrigins.invalid) {
    problem(
      AuthError,
      `\`redirectProxyAllowedOrigins\`: "${entry}" is not an origin like "https://preview.example.com" or ` +
        '"https://myapp-*-team.vercel.app" (`*` only inside a host label, never a whole label).',
    )
  }

  if (problems.length > 0) throwProblems(problems)

  if (secrets.some((s) => s.length < 32)) logger.warn('short-secret')
  if (config.debug) logger.warn('debug-enabled')
  if (config.skipCSRFCheck === skipCSRFCheck) logger.warn('csrf-disabled')

  const overrides = config.cookies
  const mode = (secure: boolean): CookieMode => {
    const cookies = mergeCookies(defaultCookies(secure), overrides)
    return Object.freeze({
      cookies,
      sessionJwe: new SessionJwe(secrets, cookies.sessionToken.name, undefined, {
        verifiedTokens: DEFAULT_VERIFIED_TOKENS,
      }),
    })
  }
  const fixedSecure = config.useSecureCookies ?? (authUrl ? authUrl.protocol === 'https:' : undefined)
  const secure = fixedSecure === false ? undefined : mode(true)
  const insecure = fixedSecure === true ? undefined : mode(false)

  // Wrapped once: every adapter failure becomes an AdapterError naming the method, with the cause kept.
  const adapter = config.adapter ? guardAdapter(config.adapter, adapterTimeout) : undefined

  const fetchImpl = config[customFetch] ?? globalThis.fetch.bind(globalThis)
  const redirectProxyUrl = config.redirectProxyUrl ?? fromEnv.redirectProxyUrl
  const oauth = new OAuthRuntime(
    {
      fetch: fetchImpl,
      timeoutMs: oauthTimeout ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
      allowInsecure: config.allowInsecureRequests === allowInsecureRequests,
      redirectProxyUrl,
    },
    secrets,
  )

  // OAuth providers are checked now, not at their first sign-in (discovery stays lazy).
  const allowInsecure = config.allowInsecureRequests === allowInsecureRequests
  for (const p of providers) {
    if (p.type !== 'oauth' && p.type !== 'oidc') continue
    for (const text of oauthProviderProblems(p, oauth, allowInsecure)) problem(InvalidEndpoints, text)
  }
  if (problems.length > 0) throwProblems(problems)

  return Object.freeze({
    basePath,
    secrets: Object.freeze(secrets),
    authUrl,
    useSecureCookies: fixedSecure,
    session: Object.freeze(session),
    jwt: Object.freeze({ ...config.jwt, maxAge: jwtMaxAge }),
    providers: Object.freeze(providers),
    providerById: new Map(providers.map((p) => [p.id, p])),
    pages,
    callbacks,
    customCallbacks: custom,
    events: Object.freeze({ ...config.events }),
    logger,
    theme,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    adapter,
    accountAdapter: adapterFor(adapter, 'accounts'),
    sessionAdapter: session.strategy === 'database' ? adapterFor(adapter, 'database-sessions') : undefined,
    sessionStrategy: sessionStrategyFor(session.strategy),
    redirectProxyUrl,
    redirectProxyForwardOrigins: Object.freeze(forwardOrigins.patterns),
    enableWebAuthn: config.experimental?.enableWebAuthn === true,
    fetch: fetchImpl,
    oauth,
    // A fixed mode serves both kinds of request, so lookups never miss.
    secure: (secure ?? insecure)!,
    insecure: (insecure ?? secure)!,
  })
}

function isSeconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
}

function resolveSession(
  config: AuthConfig,
  problem: (type: typeof AuthError, text: string) => void,
): SessionOptions {
  const s = config.session ?? {}
  const strategy = s.strategy ?? (config.adapter ? 'database' : 'jwt')
  if (strategy !== 'jwt' && strategy !== 'database') {
    problem(AuthError, '`session.strategy` must be "jwt" or "database".')
  }
  const maxAge = s.maxAge ?? 30 * DAY
  const updateAge = s.updateAge ?? DAY
  if (!isSeconds(maxAge) || maxAge === 0)
    problem(AuthError, '`session.maxAge` must be a whole number of seconds above 0.')
  if (!isSeconds(updateAge))
    problem(AuthError, '`session.updateAge` must be a whole number of seconds, 0 or more.')
  else if (isSeconds(maxAge) && updateAge > maxAge) {
    problem(
      AuthError,
      '`session.updateAge` must not exceed `session.maxAge`, or sessions expire before refreshing.',
    )
  }
  if (s.generateSessionToken !== undefined && typeof s.generateSessionToken !== 'function') {
    problem(AuthError, '`session.generateSessionToken` must be a function returning a string.')
  }
  const tokenStorage = s.tokenStorage ?? 'hashed'
  if (!['hashed', 'plain', 'hashed-accept-plain'].includes(tokenStorage)) {
    problem(AuthError, '`session.tokenStorage` must be "hashed", "plain" or "hashed-accept-plain".')
  }
  return {
    strategy,
    maxAge,
    updateAge,
    // 256 bits: Auth.js's randomUUID has only 122, below the 128 a session token needs.
    generateSessionToken:
      s.generateSessionToken ?? (() => cryptoBackend.encodeBase64url(cryptoBackend.randomBytes(32))),
    tokenStorage,
  }
}

function resolvePages(
  pages: Partial<PagesOptions> | undefined,
  problem: (type: typeof AuthError, text: string) => void,
): Readonly<Partial<PagesOptions>> {
  const out: Partial<PagesOptions> = {}
  for (const [key, value] of Object.entries(pages ?? {}) as Array<[keyof PagesOptions, unknown]>) {
    if (value === undefined) continue
    if (!['signIn', 'signOut', 'error', 'verifyRequest', 'newUser'].includes(key)) {
      problem(
        AuthError,
        `\`pages.${key}\` is not a page Gatehouse knows (signIn, signOut, error, verifyRequest, newUser).`,
      )
    } else if (typeof value !== 'string' || !(value.startsWith('/') || /^https?:\/\//i.test(value))) {
      problem(AuthError, `\`pages.${key}\` must be a path like "/login" or an http(s) URL.`)
    } else out[key] = value
  }
  return Object.freeze(out)
}

/** Every problem found, in one error of the first problem's type, each with what to do. */
function throwProblems(problems: ReadonlyArray<{ type: typeof AuthError; text: string }>): never {
  const first = problems[0]!
  const list = problems.map((p, i) => `  ${i + 1}. ${p.text}`).join('\n')
  throw new first.type(`Gatehouse configuration has ${problems.length} problem(s):\n${list}`, {
    cause: { problems: problems.map((p) => p.text) },
    reason: 'invalid_configuration',
  })
}
