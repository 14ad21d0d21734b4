/**
 * Public types: the configuration Gatehouse accepts and the objects it hands to callbacks. Shapes follow Auth.js v5
 * so that a configuration written for `@auth/core` type-checks against Gatehouse unchanged.
 *
 * @module
 */
import type { WebhookEndpoint } from './webhooks/webhook-endpoint.js'
import type { Adapter, AdapterSession, AdapterUser } from './adapters/adapter.js'
import type { SerializeOptions } from './cookies/serialize-options.js'
import type { Provider, ProviderType } from './providers/provider-types.js'
import type { StoresOptions } from './stores/stores-options.js'
import type { TwoFactorEvent, TwoFactorOptions } from './two-factor/two-factor-options.js'
import type { allowInsecureRequests, customFetch, raw, skipCSRFCheck } from './symbols.js'

export type Awaitable<T> = T | PromiseLike<T>

/** The fields of a user before any augmentation (Auth.js's `DefaultUser`). */
export interface DefaultUser {
  id?: string | undefined
  name?: string | null | undefined
  email?: string | null | undefined
  image?: string | null | undefined
}

/**
 * A user as a provider or `authorize` returns it. Add fields with `declare module 'gatehouse-auth'` (or
 * `'@auth/core/types'` where `@auth/core` is aliased to Gatehouse), as Auth.js's documentation shows.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the interface that augmentation merges into
export interface User extends DefaultUser {}

/** The session shape before any augmentation: `user` and `expires` (Auth.js's `DefaultSession`). */
export interface DefaultSession {
  user?: User | undefined
  /** ISO 8601 date at which the session ends unless it is used again. */
  expires: string
}

/**
 * What the session endpoint returns and `auth()` gives. Add fields with `declare module`, e.g.
 * `interface Session { user: { role: string } & DefaultSession['user'] }`.
 */
export interface Session extends DefaultSession {
  [key: string]: unknown
}

/** Links a user to a provider, with the provider's tokens when it has them. */
export interface Account {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
  access_token?: string
  refresh_token?: string
  id_token?: string
  scope?: string
  token_type?: Lowercase<string>
  expires_in?: number
  expires_at?: number
  session_state?: string | null
  [key: string]: unknown
}

/** The identity an OAuth or OpenID Connect provider returns; any further claim is allowed. */
export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: unknown
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

/** The claims kept in the session JWT. */
export interface JWT extends Record<string, unknown> {
  name?: string | null | undefined
  email?: string | null | undefined
  picture?: string | null | undefined
  sub?: string | undefined
  iat?: number | undefined
  exp?: number | undefined
  jti?: string | undefined
}

/** Parameters of `jwt.encode`. */
export interface JWTEncodeParams<Payload = JWT> {
  token?: Payload
  /** Key-derivation salt; the session cookie name for session tokens. */
  salt: string
  secret: string | string[]
  /** Seconds from now until the token expires. Default 30 days. */
  maxAge?: number
}

/** Parameters of `jwt.decode`. */
export interface JWTDecodeParams {
  token?: string | undefined
  salt: string
  secret: string | string[]
}

/** JWT options of the configuration. */
export interface JWTOptions {
  /** Seconds until a session JWT expires; defaults to `session.maxAge`. */
  maxAge?: number
  /** Replaces the built-in JWE encoding of the session token. */
  encode?: (params: JWTEncodeParams) => Awaitable<string>
  /** Replaces the built-in JWE decoding of the session token. */
  decode?: (params: JWTDecodeParams) => Awaitable<JWT | null>
}

/** A cookie that Gatehouse sets. */
export interface CookieOption {
  name: string
  options: SerializeOptions
}

/** The cookies Gatehouse sets, each overridable with `cookies`. */
export interface CookiesOptions {
  sessionToken: CookieOption
  callbackUrl: CookieOption
  csrfToken: CookieOption
  pkceCodeVerifier: CookieOption
  state: CookieOption
  nonce: CookieOption
  webauthnChallenge: CookieOption
}

/** Partial cookie overrides, deep-merged over the defaults. */
export type CookiesOverrides = { [K in keyof CookiesOptions]?: Partial<CookieOption> }

/** Paths of custom pages that replace the built-in ones. */
export interface PagesOptions {
  signIn: string
  signOut: string
  error: string
  verifyRequest: string
  /** New users are sent here on their first sign-in. */
  newUser: string
}

/** Look of the built-in pages. */
export interface Theme {
  colorScheme?: 'auto' | 'dark' | 'light'
  logo?: string
  brandColor?: string
  buttonText?: string
  /**
   * Gatehouse only: a link on the built-in "Check your email" page to where people read their mail, such as a
   * local mailbox in development (`{ url: '/mailbox', label: 'Open the mailbox' }`); an http(s) or relative URL.
   */
  inbox?: { url: string; label?: string | undefined } | undefined
}

/** Why the `jwt` callback runs. */
export type JWTTrigger = 'signIn' | 'signUp' | 'update'

/** Callbacks: their return values shape the flow (unlike events). */
export interface CallbacksOptions {
  /** Allow (`true`), refuse (`false`) or redirect (a URL) a sign-in. */
  signIn: (params: {
    user: User | AdapterUser
    account: Account | null
    profile?: Profile | undefined
    email?: { verificationRequest?: boolean } | undefined
    credentials?: Record<string, unknown> | undefined
  }) => Awaitable<boolean | string>
  /** Where a redirect may go; by default only addresses of this origin. */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  /** What the client sees of the session. */
  session: (params: {
    session: Session
    token: JWT
    user: AdapterUser
    newSession?: unknown
    trigger?: 'update' | undefined
  }) => Awaitable<Session | Record<string, unknown>>
  /** What the session JWT holds; `null` signs the user out. */
  jwt: (params: {
    token: JWT
    user: User | AdapterUser
    account: Account | null
    profile?: Profile | undefined
    trigger?: JWTTrigger | undefined
    isNewUser?: boolean | undefined
    session?: unknown
  }) => Awaitable<JWT | null>
}

/** Audit hooks; they return nothing, and one that throws is logged without breaking the flow. */
export interface EventCallbacks {
  signIn: (message: {
    user: User
    account: Account | null
    profile?: Profile | undefined
    isNewUser?: boolean | undefined
  }) => Awaitable<void>
  signOut: (
    message: { session: AdapterSession | null | undefined } | { token: JWT | null },
  ) => Awaitable<void>
  createUser: (message: { user: User }) => Awaitable<void>
  updateUser: (message: { user: User }) => Awaitable<void>
  linkAccount: (message: {
    user: User | AdapterUser
    account: Account
    profile: User | AdapterUser
  }) => Awaitable<void>
  session: (message: { session: Session; token: JWT }) => Awaitable<void>
  /** A signed-in user changed their password (`POST /change-password`); their other sessions were ended. */
  passwordChanged: (message: { user: AdapterUser }) => Awaitable<void>
  /** A password was set through a reset link (`POST /reset-password`); every other session was ended. */
  passwordReset: (message: { user: AdapterUser }) => Awaitable<void>
  /**
   * Gatehouse extension: a user's second factor changed (enabled, disabled, a backup code used, backup codes
   * regenerated), with the unused backup codes left, so the application can warn a user who is running out.
   */
  twoFactor: (message: TwoFactorEvent) => Awaitable<void>
}

/** Codes of the warnings Gatehouse logs once, at configuration time. */
export type WarningCode =
  | 'debug-enabled'
  | 'csrf-disabled'
  | 'env-url-basepath-redundant'
  | 'env-url-basepath-mismatch'
  | 'experimental-webauthn'
  | 'short-secret'
  | 'generated-secret'
  | 'sign-out-everywhere-unsupported'
  | 'provider-renamed'
  | 'email-send-limit'
  | 'stores-not-shared'
  | 'password-throttle-store-down'

/** Where Gatehouse writes its logs. */
export interface LoggerInstance {
  warn: (code: WarningCode, message?: string) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
}

/** Session options. */
export interface SessionOptions {
  /** `jwt` keeps the session in an encrypted cookie; `database` in the adapter. */
  strategy: 'jwt' | 'database'
  /** Seconds of inactivity after which the session ends. Default 30 days. */
  maxAge: number
  /**
   * Seconds between two refreshes of the session's expiry. `0` refreshes on every request. For JWT sessions the
   * cookie is re-issued only when the token is older than this, or when the `jwt` callback changed it.
   */
  updateAge: number
  /** Makes the token of a database session. Default: 32 random bytes, base64url (256 bits). */
  generateSessionToken: () => string
  /**
   * How database session tokens are stored. `hashed` (default): the adapter sees only the SHA-256 of the token,
   * so a leaked table gives no live session. `plain`: stored as the cookie holds it, as Auth.js does, for a
   * database shared with Auth.js. `hashed-accept-plain`: new sessions hashed, existing plain ones still accepted
   * (and re-stored hashed when used), to migrate a database that holds Auth.js sessions.
   */
  tokenStorage: SessionTokenStorage
  /**
   * Revocable JWT sessions: seconds for which one instance trusts what it read of a user's revocations before it
   * reads them again, so a session check costs at most one lookup per user per interval. Default 30; `0` reads on
   * every check (a revoked session then fails at once). Only used where revocations are remembered
   * (`stores.sessions`, or an adapter of Gatehouse's).
   */
  revocationCheckInterval: number
}

/** How database session tokens are stored; see {@link SessionOptions.tokenStorage}. */
export type SessionTokenStorage = 'hashed' | 'plain' | 'hashed-accept-plain'

/**
 * The configuration of Gatehouse.
 *
 * @example
 * ```ts
 * const config: AuthConfig = { providers: [Credentials({ authorize })], secret: process.env.AUTH_SECRET }
 * ```
 */
export interface AuthConfig {
  providers: Provider[]
  adapter?: Adapter | undefined
  /** Where Gatehouse is mounted. Default `/auth`. */
  basePath?: string | undefined
  /** One secret, or several for rotation: the first encrypts, every one decrypts. */
  secret?: string | string[] | undefined
  session?: Partial<SessionOptions> | undefined
  jwt?: JWTOptions | undefined
  pages?: Partial<PagesOptions> | undefined
  cookies?: CookiesOverrides | undefined
  callbacks?: Partial<CallbacksOptions> | undefined
  events?: Partial<EventCallbacks> | undefined
  logger?: Partial<LoggerInstance> | undefined
  debug?: boolean | undefined
  theme?: Theme | undefined
  /** Trust the host of incoming requests. Inferred in development and when `AUTH_URL` is set. */
  trustHost?: boolean | undefined
  useSecureCookies?: boolean | undefined
  redirectProxyUrl?: string | undefined
  /**
   * On the redirect-proxy deployment: the origins it may forward OAuth callbacks to (exact, or with `*` inside one
   * host label, e.g. `https://myapp-*-team.vercel.app`). Without it nothing is forwarded, since the origin in a
   * state comes from the Host header of whichever deployment shares the secret. Default
   * `AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS` (comma-separated).
   */
  redirectProxyAllowedOrigins?: string[] | undefined
  skipCSRFCheck?: typeof skipCSRFCheck | undefined
  raw?: typeof raw | undefined
  experimental?: { enableWebAuthn?: boolean | undefined } | undefined
  /** Replaces `fetch` for every outbound request. */
  [customFetch]?: typeof fetch | undefined
  /** Milliseconds before a request to an OAuth provider is aborted; default 10 000. */
  oauthTimeout?: number | undefined
  /**
   * Milliseconds an adapter call may go unanswered before it fails as `AdapterError` (a session check then answers
   * 503, a sign-in the error page); default 10 000, `0` for no limit. The call itself is not cancelled: set the
   * driver's own timeouts too.
   */
  adapterTimeout?: number | undefined
  /** Allows `http:` OAuth endpoints on hosts other than loopback; dangerous, see the symbol. */
  allowInsecureRequests?: typeof allowInsecureRequests | undefined
  /**
   * Signed webhooks for the audit trail's events (Standard Webhooks headers, HMAC-SHA256), sent in the background
   * and retried with back-off, through `[customFetch]`; see docs/sessions.md.
   */
  webhooks?: WebhookEndpoint[] | undefined
  /**
   * Where limits count and single-use values are remembered (`limits`, `singleUse`), and JWT session revocations
   * (`sessions`): by default memory stores of this configuration's own for the first two; with several instances,
   * one shared store (`RedisStore` from `gatehouse-auth/stores/redis`) for all.
   */
  stores?: StoresOptions | undefined
  /**
   * Gatehouse extension: two-factor sign-in (TOTP, backup codes, remembered browsers) after every first factor,
   * for users who enrolled or whom `required` names. Needs an adapter with the `twoFactor` capability.
   */
  twoFactor?: TwoFactorOptions | undefined
}

export type { AuthAction } from './routing/auth-actions.js'

/** What `Auth` returns in `raw` mode. */
export interface ResponseInternal<Body = unknown> {
  status?: number
  headers?: Record<string, string>
  body?: Body
  redirect?: string
  cookies?: Cookie[]
  /**
   * The status a redirect answers with in JSON mode (`X-Auth-Return-Redirect`), where it becomes `{ url }`: 200
   * unless set (a refused password: 400; a throttled attempt: 429). A browser still gets the redirect.
   */
  jsonStatus?: number
}

/** A cookie to set on the response. */
export interface Cookie {
  name: string
  value: string
  options: SerializeOptions
}

export type { Adapter, AdapterSession, AdapterUser, Provider, ProviderType }
