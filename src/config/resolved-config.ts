/**
 * The shape of a resolved configuration: a leaf of declarations only, so that whatever reads a configuration
 * imports no resolver.
 *
 * @module
 */
import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js'
import type { AdapterFor } from '../adapters/adapter-for.js'
import type { SignInGate } from '../flows/sign-in-gate.js'
import type { SealedCookies } from '../cookies/sealed-cookies.js'
import type { Adapter } from '../adapters/adapter.js'
import type { SessionJwe } from '../crypto/session-jwe.js'
import type { OAuthRuntime } from '../oauth-client/oauth-runtime.js'
import type { Router } from '../routing/router.js'
import type { SessionStrategy } from '../session/session-strategy.js'
import type { SessionRevocation } from '../session/session-revocation.js'
import type { ResolvedStores } from '../stores/resolve-stores.js'
import type { EmailConfig } from '../providers/provider-types.js'
import type { ResolvedTwoFactor } from '../two-factor/resolve-two-factor.js'
import type {
  CallbacksOptions,
  CookiesOptions,
  EventCallbacks,
  JWTOptions,
  LoggerInstance,
  PagesOptions,
  SessionOptions,
  Theme,
} from '../types.js'
import type { ResolvedProvider } from './resolved-provider.js'

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
  /** The e-mail provider the `Password` provider's messages go through, when there is a Password provider. */
  readonly passwordSender: EmailConfig | undefined
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
  /** OAuth state of this configuration: normalised providers, discovery and key-set caches. */
  readonly oauth: OAuthRuntime
  /** Seals and opens the cookies that carry a sign-in between requests (checks, challenge, held sign-in). */
  readonly sealedCookies: SealedCookies
  /** What a path addresses: Auth.js's actions and the feature routes beside them. */
  readonly router: Router
  /** The steps between a sign-in's first factor and its session, in order (two-factor's, when configured). */
  readonly signInGates: readonly SignInGate[]
  /** The `twoFactor` option, resolved; `undefined` without it (its routes then answer 400). */
  readonly twoFactor: ResolvedTwoFactor | undefined
  readonly secure: CookieMode
  readonly insecure: CookieMode
  /** Counters and single-use values, resolved once (memory stores of this configuration's own by default). */
  readonly stores: ResolvedStores
  /** Where JWT session revocations are remembered, with the cache of them; `undefined`: not revocable. */
  readonly sessionRevocation: SessionRevocation | undefined
  /** The audit trail's webhook endpoints, checked. */
  readonly webhooks: readonly WebhookEndpoint[]
}
