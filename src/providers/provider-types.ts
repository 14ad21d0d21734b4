/**
 * Provider configuration types, one per kind. Each kind has a builder in this folder; the configuration accepts
 * a provider object or a function returning one.
 *
 * @module
 */
import type {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { Adapter } from '../adapters/adapter.js'
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js'
import type { skipEmailConfirmation } from '../symbols.js'
import type { Account, Awaitable, Profile, Theme, User } from '../types.js'
import type { GetRelayingParty } from './relaying-party.js'

/** The provider kinds. */
export type ProviderType = 'oidc' | 'oauth' | 'email' | 'credentials' | 'webauthn'

/** The colours of a provider's button on the built-in sign-in page. */
export interface ProviderStyle {
  bg: string
  text: string
  bgDark?: string
  textDark?: string
  logo?: string
  logoDark?: string
}

/** Fields every provider has. */
export interface CommonProviderOptions {
  /** Part of the provider's URLs; unique within a configuration. */
  id: string
  /** The label of its button on the sign-in page. */
  name: string
  type: ProviderType
}

/** One input of the credentials form, rendered on the built-in sign-in page. */
export interface CredentialInput {
  label?: string
  type?: string
  placeholder?: string
  autocomplete?: string
  required?: boolean
  [attribute: string]: unknown
}

/** A credentials provider: the application checks what the user typed. */
export interface CredentialsConfig extends CommonProviderOptions {
  type: 'credentials'
  credentials: Record<string, CredentialInput>
  /**
   * Returns the user, or `null` to refuse; may throw a `CredentialsSignin` subclass with a custom `code`.
   * Receives the whole parsed body and a web `Request` of the sign-in.
   */
  authorize: (credentials: Partial<Record<string, unknown>>, request: Request) => Awaitable<User | null>
}

/** An endpoint given as a URL, or as a URL with extra parameters. */
export type EndpointConfig =
  string | { url?: string; params?: Record<string, unknown>; [key: string]: unknown }

/** An OAuth 2.0 or OpenID Connect provider (spec section 2.7). */
export interface OAuthConfig<P = Profile> extends CommonProviderOptions {
  type: 'oauth' | 'oidc'
  clientId?: string
  clientSecret?: string
  issuer?: string
  wellKnown?: string
  jwks_endpoint?: string
  authorization?: EndpointConfig
  token?: EndpointConfig
  userinfo?: EndpointConfig
  checks?: Array<'pkce' | 'state' | 'nonce' | 'none'>
  client?: Record<string, unknown>
  /** Maps the provider's profile to the user; its `id` becomes `providerAccountId`. */
  profile?(profile: P, tokens: Record<string, unknown>): Awaitable<User>
  account?: (tokens: Record<string, unknown>) => Partial<Account> | undefined | null
  allowDangerousEmailAccountLinking?: boolean
  redirectProxyUrl?: string
  style?: ProviderStyle
  /**
   * The id that replaces this one, on a preset Auth.js has retired or renamed (`azure-ad`): the old id keeps
   * working and the configuration logs a `provider-renamed` warning naming this one.
   */
  renamedTo?: string
  options?: Record<string, unknown>
  [key: string]: unknown
}

/** What an application passes to a built-in provider: any option, usually `clientId` and `clientSecret`. */
export type OAuthUserConfig<P = Profile> = Partial<Omit<OAuthConfig<P>, 'type' | 'options'>>

/** An OpenID Connect provider. */
export type OIDCConfig<P = Profile> = OAuthConfig<P> & { type: 'oidc' }

/** What an e-mail provider's `sendVerificationRequest` receives (wire-contract §4.1). */
export interface SendVerificationRequestParams {
  /** The normalized address the link is for. */
  identifier: string
  /** The sign-in link: `{origin}{basePath}/callback/{id}?callbackUrl=…&token=…&email=…`. */
  url: string
  /** When the link stops working. */
  expires: Date
  /** The resolved provider (its `from`, `server`, `apiKey`, …). */
  provider: EmailConfig
  /** The raw token inside `url` (only its hash is stored). */
  token: string
  /** The configuration's `theme`, for a message that looks like the built-in pages. */
  theme: Theme
  /** The sign-in request, its parsed body re-serialized as JSON (as Auth.js passes it). */
  request: Request
  /**
   * Set when the message is not a sign-in link (a password account's verification, reset or "someone tried to
   * sign up" message): send this subject and body instead of the sign-in message. The built-in senders do; a
   * `sendVerificationRequest` of your own should too.
   */
  message?: { subject: string; text: string; html: string } | undefined
}

/** A limit of sends: at most `max` within any window of `windowMs` milliseconds (fixed windows). */
export interface SendLimit {
  max: number
  windowMs: number
}

/**
 * How many sign-in e-mails may be sent (an e-mail provider's `limits`). Over a limit, nothing is sent, a
 * warning is logged and the answer is the same "check your e-mail" redirect, so a limit tells nobody whether an
 * address exists.
 */
export interface EmailLimits {
  /** Per normalized address. Default 5 per hour; `false` for none. */
  perAddress?: SendLimit | false
  /** Per client address (see `clientAddress`). Default 20 per hour; `false` for none. */
  perClient?: SendLimit | false
  /** Where the counters live. Default: one memory store per process; share a Redis store between instances. */
  store?: RateLimitStore
  /**
   * The client's address. Default: the connection's address when the integration passed it
   * (`gatehouse-auth/node`, `toWebRequest`), else none, and then only `perAddress` applies. `'x-forwarded-for'`
   * takes the last entry of `X-Forwarded-For` (the one your own proxy appended): only behind a proxy you
   * control, since clients can send the header themselves. A function may read anything else.
   */
  clientAddress?: 'x-forwarded-for' | ((request: Request) => string | null | undefined)
}

/** An e-mail ("magic link") provider (wire-contract §4.1). */
export interface EmailConfig extends CommonProviderOptions {
  type: 'email'
  /** The sender. Built-in senders default to `Auth.js <no-reply@authjs.dev>` as Auth.js does. */
  from?: string
  /** Seconds a link stays valid. Default 86 400 (24 hours). */
  maxAge?: number
  /** For SMTP senders: a connection URL or transport options. */
  server?: string | Record<string, unknown>
  /** Sends the link. A throw (or rejection) leaves no usable token and shows `EmailSignin` on the sign-in page. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Makes the raw token. Default: 32 random bytes as 64 hex characters. */
  generateVerificationToken?: () => Awaitable<string>
  /**
   * Turns what the user typed into the address stored and mailed to. Default `normalizeEmailAddress` (exported by
   * `gatehouse-auth`): NFKC, one ASCII `@`, no quotes or header characters, punycode domain.
   * Throw to refuse an address (the sign-in page then says `EmailSignin`).
   */
  normalizeIdentifier?: (identifier: string) => string
  /** For HTTP senders: the service's key. Default `AUTH_{ID}_KEY`. */
  apiKey?: string
  /** Hashes stored tokens instead of the configuration's `secret`. */
  secret?: string
  /**
   * `true` (default): the link opens a page with one button, and only that page's POST signs in, so a mail
   * scanner or a link preview that fetches the link does not use it up, and another site cannot sign a browser in
   * with a link of its own. The `skipEmailConfirmation` symbol: the link signs in on GET, as in Auth.js.
   */
  confirmation?: true | typeof skipEmailConfirmation
  /** Send limits; `false` turns them off. See {@link EmailLimits}. */
  limits?: EmailLimits | false
  /** Options merged over the provider's defaults (Auth.js's `options`). */
  options?: Partial<EmailConfig>
  /**
   * A built-in sender's own check, run with the configuration's others (after `options` and the environment are
   * applied): why it cannot send (Nodemailer without `server`, an HTTP sender without `apiKey`), or nothing.
   */
  configProblem?: (provider: EmailConfig) => string | undefined
  [key: string]: unknown
}

/** What an application passes to a built-in e-mail provider. */
export type EmailUserConfig = Partial<Omit<EmailConfig, 'type' | 'options'>>

/** The relying party of a WebAuthn provider: the site passkeys are bound to. Arrays allow several origins. */
export interface RelyingPartyConfig {
  /** The RP ID: the site's domain (`example.com`), the same as or a parent of every origin's host. */
  id?: string | string[]
  /** The name authenticators show. */
  name?: string | string[]
  /** The origins responses may come from (`https://example.com`). */
  origin?: string | string[]
}

/** The user a WebAuthn options request is for: an existing user, a new one to register, or nobody (`null`). */
export type WebAuthnUserInfo =
  | { user: User & { id: string; email: string }; exists: true }
  | { user: Omit<User, 'id'> & { email: string }; exists: false }
  | null

/** What `getUserInfo` receives about the request (the fields of Auth.js's internal request it reads). */
export interface WebAuthnUserInfoRequest {
  method: 'GET' | 'POST'
  query: Record<string, string>
  body: Record<string, unknown> | undefined
  headers: Headers
  cookies: Record<string, string>
  url: URL
}

/** What `getUserInfo` receives about the configuration. */
export interface WebAuthnUserInfoOptions {
  provider: WebAuthnConfig
  adapter: Adapter
  url: URL
}

/** A WebAuthn (passkey) provider, built by `WebAuthn()` or `Passkey()`; the option names are Auth.js's. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: 'webauthn'
  /** The relying party; by default the RP ID is the host name of `AUTH_URL` (or of the trusted request URL). */
  relyingParty?: RelyingPartyConfig
  /** Auth.js's spelling of {@link relyingParty}, accepted as well. */
  relayingParty?: RelyingPartyConfig
  /** Whether the built-in page offers passkey autofill (conditional UI) for this provider. Default `true`. */
  enableConditionalUI?: boolean
  /** Inputs of the built-in form; by default an e-mail field with `autocomplete="username webauthn"`. */
  formFields?: Record<string, CredentialInput>
  /** Who an options request is for. By default the `email` query parameter, looked up with `getUserByEmail`. */
  getUserInfo?: (
    options: WebAuthnUserInfoOptions,
    request: WebAuthnUserInfoRequest,
  ) => Awaitable<WebAuthnUserInfo>
  /**
   * The relying party of a request. `WebAuthn()` sets Auth.js's default (from `relyingParty`, else the public
   * origin); one of your own replaces `relyingParty` and is checked on every request.
   */
  getRelayingParty?: GetRelayingParty
  /** Auth.js loads `@simplewebauthn/browser` from a CDN; Gatehouse serves its own script, so this is `false`. */
  simpleWebAuthnBrowserVersion?: `v${number}.${number}.${number}` | false
  /** Passed to `generateAuthenticationOptions` of `@simplewebauthn/server` (v14 shapes). */
  authenticationOptions?: Record<string, unknown>
  /** Passed to `generateRegistrationOptions` of `@simplewebauthn/server` (v14 shapes). */
  registrationOptions?: Record<string, unknown>
  /** Passed to `verifyAuthenticationResponse` (e.g. `requireUserVerification`). */
  verifyAuthenticationOptions?: Record<string, unknown>
  /** Passed to `verifyRegistrationResponse` (e.g. `requireUserVerification`, `supportedAlgorithmIDs`). */
  verifyRegistrationOptions?: Record<string, unknown>
  /**
   * Replacements for the four `@simplewebauthn/server` functions (v14 signatures), e.g. to wrap them; by default
   * the library's own, loaded on first use.
   */
  simpleWebAuthn?: Partial<WebAuthnFunctions>
}

/** The `@simplewebauthn/server` functions a WebAuthn provider uses. */
export interface WebAuthnFunctions {
  generateRegistrationOptions: typeof generateRegistrationOptions
  generateAuthenticationOptions: typeof generateAuthenticationOptions
  verifyRegistrationResponse: typeof verifyRegistrationResponse
  verifyAuthenticationResponse: typeof verifyAuthenticationResponse
}

/** Any provider configuration object. */
export type ProviderConfig = CredentialsConfig | OAuthConfig | EmailConfig | WebAuthnConfig

/**
 * A provider as the configuration accepts it: an object, or a function returning one. A preset may be given
 * uncalled (`providers: [GitHub]`), as in Auth.js: it is called with its `AUTH_{ID}_ID`, `_SECRET`, `_ISSUER`
 * (or `_KEY`) values from the environment.
 */
export type Provider =
  | ProviderConfig
  // A preset's own profile type (GitHub's numeric `id`) fits no common one; Auth.js takes `any` here too.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | OAuthConfig<any>
  // Any preset, whatever its options (Credentials' are required), as Auth.js types it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | ((...args: any) => ProviderConfig | OAuthConfig<any>)
