/**
 * Gatehouse's one error vocabulary. Every error Gatehouse throws or logs on purpose is an {@link AuthError}, and
 * each field means one thing:
 *
 * - `type`: which error it is, a literal per class ({@link ErrorType}). Auth.js's 32 classes keep Auth.js's values
 *   (the wire value of `?error=` for the few that are shown to the browser, see {@link isClientError}); Gatehouse's
 *   own classes add `ConfigError`, `InvalidEmailAddress`, `PasskeyManagementError` and `TokenRefreshError`. Narrow
 *   with `instanceof`, or switch on `type` over {@link AnyAuthError}: each case then has its class's fields.
 * - `kind`: where the error sends the user, `signIn` (back to the sign-in page) or `error` (the error page).
 * - `reason`: the precise, internal reason, a literal union ({@link ErrorReason}): for logs, metrics and the
 *   application's own branching (`PasskeyManagementError` `last_sign_in_method`, `TokenRefreshError`
 *   `provider_error:invalid_grant`). Never shown to the browser.
 * - `code`: only on {@link CredentialsSignin}, as in Auth.js: the value the application chooses for the sign-in
 *   page's `code` query parameter. Gatehouse never sets it to anything but Auth.js's default.
 * - `cause`: what caused it (`cause.err` for an error, as Auth.js), and on a configuration problem the
 *   {@link ConfigIssue} it reports (`cause.issue`).
 *
 * A broken configuration is one {@link ConfigError} whose `issues` list every problem: the option, what is wrong,
 * what to do, and the Auth.js class the problem corresponds to (`MissingSecret`, `UntrustedHost`, …). It is logged
 * once, followed by each issue as its own Auth.js class with Auth.js's message, so that alerting written for
 * Auth.js (`error.type === 'MissingSecret'`) keeps working.
 *
 * @example
 * ```ts
 * import { AuthError, type AnyAuthError } from 'gatehouse-auth/errors'
 * function describe(error: unknown): string {
 *   if (!(error instanceof AuthError)) return 'unexpected'
 *   const known = error as AnyAuthError
 *   switch (known.type) {
 *     case 'ConfigError':
 *       return known.issues.map((issue) => issue.option).join(', ')
 *     case 'CredentialsSignin':
 *       return known.code
 *     default:
 *       return known.type
 *   }
 * }
 * ```
 * @module
 */
import type { ErrorReason, PasskeyManagementReason, TokenRefreshReason } from './error-reason.js'

export type { ErrorReason, PasskeyManagementReason, TokenRefreshReason } from './error-reason.js'

/** Where an error sends the user: the error page, or back to the sign-in page. */
export type ErrorKind = 'error' | 'signIn'

/** The `type` of each of Auth.js v5's error classes, as Auth.js names them (the wire values of `?error=`). */
export type AuthJsErrorType =
  | 'AccessDenied'
  | 'AdapterError'
  | 'CallbackRouteError'
  | 'ErrorPageLoop'
  | 'EventError'
  | 'InvalidCallbackUrl'
  | 'CredentialsSignin'
  | 'InvalidEndpoints'
  | 'InvalidCheck'
  | 'JWTSessionError'
  | 'MissingAdapter'
  | 'MissingAdapterMethods'
  | 'MissingAuthorize'
  | 'MissingSecret'
  | 'OAuthAccountNotLinked'
  | 'OAuthCallbackError'
  | 'OAuthProfileParseError'
  | 'SessionTokenError'
  | 'OAuthSignInError'
  | 'EmailSignInError'
  | 'SignOutError'
  | 'UnknownAction'
  | 'UnsupportedStrategy'
  | 'InvalidProvider'
  | 'UntrustedHost'
  | 'Verification'
  | 'MissingCSRF'
  | 'AccountNotLinked'
  | 'DuplicateConditionalUI'
  | 'MissingWebAuthnAutocomplete'
  | 'WebAuthnVerificationError'
  | 'ExperimentalFeatureNotEnabled'

/** The `type` of Gatehouse's own error classes (Auth.js has none of these). */
export type GatehouseErrorType =
  'ConfigError' | 'InvalidEmailAddress' | 'PasskeyManagementError' | 'TokenRefreshError'

/** Every value of `AuthError#type`: `AuthError` for the base class itself (a problem with no class of its own). */
export type ErrorType = 'AuthError' | AuthJsErrorType | GatehouseErrorType

/** Options accepted by every error: the standard `cause`, plus a precise machine-readable `reason`. */
export interface AuthErrorOptions extends ErrorOptions {
  /** A precise internal reason, e.g. `csrf_token_mismatch`; never shown to the browser. */
  reason?: ErrorReason
}

/**
 * Base class of every Gatehouse error.
 *
 * @example
 * ```ts
 * if (err instanceof AuthError && err.type === 'AccessDenied') ...
 * ```
 */
export class AuthError extends Error {
  /** Which error this is: Auth.js's value for Auth.js's classes, the class name for Gatehouse's own. */
  type: ErrorType
  /** `signIn` errors return the user to the sign-in page; the others go to the error page. */
  kind: ErrorKind
  /** A precise internal reason for logs (Auth.js only has the coarse `type`). */
  reason: ErrorReason | undefined
  declare cause: { err?: Error; [key: string]: unknown } | undefined

  constructor(message?: string | Error | AuthErrorOptions, options?: AuthErrorOptions) {
    if (message instanceof Error) {
      super(message.message, { cause: { err: message } })
    } else if (typeof message === 'string') {
      const cause = options?.cause instanceof Error ? { err: options.cause } : options?.cause
      super(message, cause === undefined ? undefined : { cause })
    } else {
      const cause = message?.cause instanceof Error ? { err: message.cause } : message?.cause
      super(undefined, cause === undefined ? undefined : { cause })
      options = message
    }
    const statics = new.target as unknown as { type?: ErrorType; kind?: ErrorKind }
    this.name = new.target.name
    this.type = statics.type ?? (new.target.name as ErrorType)
    this.kind = statics.kind ?? 'error'
    this.reason = options?.reason
  }
}

/** An error that sends the user back to the sign-in page with `?error=`. */
export class SignInError extends AuthError {
  static readonly kind: ErrorKind = 'signIn'
}

/** The `signIn` callback refused the sign-in, or threw. */
export class AccessDenied extends AuthError {
  static readonly type = 'AccessDenied'
  declare type: 'AccessDenied'
}
/** An adapter method threw; the original error is in `cause.err`. */
export class AdapterError extends AuthError {
  static readonly type = 'AdapterError'
  declare type: 'AdapterError'
}
/** Something unexpected happened while completing a sign-in (e.g. `authorize` threw a plain Error). */
export class CallbackRouteError extends AuthError {
  static readonly type = 'CallbackRouteError'
  declare type: 'CallbackRouteError'
}
/** A custom error page redirects to itself. */
export class ErrorPageLoop extends AuthError {
  static readonly type = 'ErrorPageLoop'
  declare type: 'ErrorPageLoop'
}
/** An event handler threw; events never break a flow, so this is only logged. */
export class EventError extends AuthError {
  static readonly type = 'EventError'
  declare type: 'EventError'
}
/** A `callbackUrl` that is not an http(s) address of this application. */
export class InvalidCallbackUrl extends AuthError {
  static readonly type = 'InvalidCallbackUrl'
  declare type: 'InvalidCallbackUrl'
}
/**
 * Thrown from `authorize` to refuse a credentials sign-in. The `code` goes into the redirect URL, so it must not
 * say whether the user name or the password was wrong.
 *
 * @example
 * ```ts
 * class InvalidLogin extends CredentialsSignin { code = 'invalid_login' }
 * ```
 */
export class CredentialsSignin extends SignInError {
  static readonly type = 'CredentialsSignin'
  declare type: 'CredentialsSignin'
  /** Put into the `code` query parameter of the redirect; the application's to choose, free of sensitive detail. */
  code: string = 'credentials'
}
/** An OAuth provider has neither an issuer nor the endpoints it needs. */
export class InvalidEndpoints extends AuthError {
  static readonly type = 'InvalidEndpoints'
  declare type: 'InvalidEndpoints'
}
/** A state, PKCE, nonce or challenge check failed. */
export class InvalidCheck extends AuthError {
  static readonly type = 'InvalidCheck'
  declare type: 'InvalidCheck'
}
/** The session token could not be decoded; the user is treated as signed out. */
export class JWTSessionError extends AuthError {
  static readonly type = 'JWTSessionError'
  declare type: 'JWTSessionError'
}
/** A feature that needs a database adapter is configured without one. */
export class MissingAdapter extends AuthError {
  static readonly type = 'MissingAdapter'
  declare type: 'MissingAdapter'
}
/** The adapter lacks methods that the configured features need. */
export class MissingAdapterMethods extends AuthError {
  static readonly type = 'MissingAdapterMethods'
  declare type: 'MissingAdapterMethods'
}
/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  static readonly type = 'MissingAuthorize'
  declare type: 'MissingAuthorize'
}
/** No secret is configured. */
export class MissingSecret extends AuthError {
  static readonly type = 'MissingSecret'
  declare type: 'MissingSecret'
}
/** The e-mail address belongs to another user; linking needs the user to sign in with their first provider. */
export class OAuthAccountNotLinked extends SignInError {
  static readonly type = 'OAuthAccountNotLinked'
  declare type: 'OAuthAccountNotLinked'
}
/** The OAuth provider answered the callback with `error=`. */
export class OAuthCallbackError extends SignInError {
  static readonly type = 'OAuthCallbackError'
  declare type: 'OAuthCallbackError'
}
/** The provider's profile could not be turned into a user. */
export class OAuthProfileParseError extends AuthError {
  static readonly type = 'OAuthProfileParseError'
  declare type: 'OAuthProfileParseError'
}
/** A database session could not be read or written. */
export class SessionTokenError extends AuthError {
  static readonly type = 'SessionTokenError'
  declare type: 'SessionTokenError'
}
/** Starting an OAuth sign-in failed. */
export class OAuthSignInError extends SignInError {
  static readonly type = 'OAuthSignInError'
  declare type: 'OAuthSignInError'
}
/** Sending a sign-in e-mail failed. */
export class EmailSignInError extends SignInError {
  static readonly type = 'EmailSignInError'
  declare type: 'EmailSignInError'
}
/** Ending a session failed; sign-out still completes. */
export class SignOutError extends AuthError {
  static readonly type = 'SignOutError'
  declare type: 'SignOutError'
}
/** The request names no action that Gatehouse knows, or uses a method the action does not take. */
export class UnknownAction extends AuthError {
  static readonly type = 'UnknownAction'
  declare type: 'UnknownAction'
}
/** The configured session strategy cannot work with the configured providers. */
export class UnsupportedStrategy extends AuthError {
  static readonly type = 'UnsupportedStrategy'
  declare type: 'UnsupportedStrategy'
}
/** The request names a provider that is not configured, or one of a kind that cannot take this request. */
export class InvalidProvider extends AuthError {
  static readonly type = 'InvalidProvider'
  declare type: 'InvalidProvider'
}
/** The request's host is not trusted: set `trustHost` or `AUTH_URL`. */
export class UntrustedHost extends AuthError {
  static readonly type = 'UntrustedHost'
  declare type: 'UntrustedHost'
}
/** An e-mail sign-in link is invalid, used or expired. */
export class Verification extends AuthError {
  static readonly type = 'Verification'
  declare type: 'Verification'
}
/** The CSRF token is missing or does not match its cookie. */
export class MissingCSRF extends SignInError {
  static readonly type = 'MissingCSRF'
  declare type: 'MissingCSRF'
}
/** The WebAuthn credential belongs to another user. */
export class AccountNotLinked extends SignInError {
  static readonly type = 'AccountNotLinked'
  declare type: 'AccountNotLinked'
}
/** More than one WebAuthn provider asks for conditional UI. */
export class DuplicateConditionalUI extends AuthError {
  static readonly type = 'DuplicateConditionalUI'
  declare type: 'DuplicateConditionalUI'
}
/** Conditional UI needs a form field with `autocomplete="webauthn"`. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static readonly type = 'MissingWebAuthnAutocomplete'
  declare type: 'MissingWebAuthnAutocomplete'
}
/** A WebAuthn response failed verification. */
export class WebAuthnVerificationError extends AuthError {
  static readonly type = 'WebAuthnVerificationError'
  declare type: 'WebAuthnVerificationError'
}
/** An experimental feature is used without being enabled. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static readonly type = 'ExperimentalFeatureNotEnabled'
  declare type: 'ExperimentalFeatureNotEnabled'
}
/** Logged in production when no secret is set (same meaning and `type` as {@link MissingSecret}). */
export class MissingSecretError extends MissingSecret {}

/**
 * The Auth.js class a configuration problem corresponds to; `AuthError` where Auth.js has no class of its own for
 * it (as Auth.js itself logs an invalid `simpleWebAuthnBrowserVersion`).
 */
export type ConfigIssueType =
  | 'AuthError'
  | 'DuplicateConditionalUI'
  | 'ExperimentalFeatureNotEnabled'
  | 'InvalidEndpoints'
  | 'MissingAdapter'
  | 'MissingAdapterMethods'
  | 'MissingAuthorize'
  | 'MissingSecret'
  | 'MissingWebAuthnAutocomplete'
  | 'UnsupportedStrategy'
  | 'UntrustedHost'

/** One problem of a configuration: which option, what is wrong, what to do, and its Auth.js class. */
export interface ConfigIssue {
  /** The option at fault as the configuration names it: `secret`, `providers[0] (github).clientId`, `AUTH_URL`. */
  readonly option: string
  /** What is wrong with it. */
  readonly problem: string
  /** What to do about it, naming the environment variables to set where there are some. */
  readonly fix: string
  /** The Auth.js error class this problem corresponds to (its `type`). */
  readonly type: ConfigIssueType
  /** The message Auth.js logs for this problem where it has one (`Please define a \`secret\``), else `problem`. */
  readonly message: string
}

/**
 * A configuration that cannot work, with every problem found in it at once ({@link ConfigError.issues}). While a
 * configuration is broken, every request is answered with Auth.js's configuration error (a 500).
 *
 * @example
 * ```ts
 * logger: { error: (e) => e instanceof ConfigError ? alert(e.issues) : report(e) }
 * ```
 */
export class ConfigError extends AuthError {
  static readonly type = 'ConfigError'
  declare type: 'ConfigError'
  /** Every problem found, in the order the configuration was checked. */
  readonly issues: readonly ConfigIssue[]

  constructor(issues: readonly ConfigIssue[]) {
    const list = issues
      .map((issue, i) => `  ${i + 1}. ${issue.option} (${issue.type}): ${issue.problem} ${issue.fix}`)
      .join('\n')
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`
    super(`Gatehouse configuration has ${count}:\n${list}`, { reason: 'invalid_configuration' })
    this.issues = Object.freeze([...issues])
  }
}

/** An e-mail address refused by `normalizeEmailAddress`; the message says why. */
export class InvalidEmailAddress extends AuthError {
  static readonly type = 'InvalidEmailAddress'
  declare type: 'InvalidEmailAddress'

  constructor(message: string) {
    super(message, { reason: 'email_address_invalid' })
  }
}

/**
 * A refusal of `gatehouse-auth/passkeys`, with a `reason` the application can branch on; the message says what to do.
 *
 * @example
 * ```ts
 * if (error instanceof PasskeyManagementError && error.reason === 'last_sign_in_method') showAddAnotherMethodHint()
 * ```
 */
export class PasskeyManagementError extends AuthError {
  static readonly type = 'PasskeyManagementError'
  declare type: 'PasskeyManagementError'
  declare reason: PasskeyManagementReason

  constructor(message: string, options: { reason: PasskeyManagementReason }) {
    super(message, options)
  }
}

/**
 * A refresh of provider tokens that failed: `reason` is `provider_error:{error}` when the provider refused (e.g.
 * `provider_error:invalid_grant`), else what went wrong on this side.
 */
export class TokenRefreshError extends AuthError {
  static readonly type = 'TokenRefreshError'
  declare type: 'TokenRefreshError'
  declare reason: TokenRefreshReason

  constructor(message: string, options: { reason: TokenRefreshReason; cause?: unknown }) {
    super(message, options)
  }
}

/**
 * Any error of this module, as a union that `switch (error.type)` narrows to its class (as jose's `AnyJOSEError`).
 * `AuthError` itself is left out: an error of the base class (`type` `AuthError`) has no fields of its own.
 */
export type AnyAuthError =
  | AccessDenied
  | AccountNotLinked
  | AdapterError
  | CallbackRouteError
  | ConfigError
  | CredentialsSignin
  | DuplicateConditionalUI
  | EmailSignInError
  | ErrorPageLoop
  | EventError
  | ExperimentalFeatureNotEnabled
  | InvalidCallbackUrl
  | InvalidCheck
  | InvalidEmailAddress
  | InvalidEndpoints
  | InvalidProvider
  | JWTSessionError
  | MissingAdapter
  | MissingAdapterMethods
  | MissingAuthorize
  | MissingCSRF
  | MissingSecret
  | MissingWebAuthnAutocomplete
  | OAuthAccountNotLinked
  | OAuthCallbackError
  | OAuthProfileParseError
  | OAuthSignInError
  | PasskeyManagementError
  | SessionTokenError
  | SignOutError
  | TokenRefreshError
  | UnknownAction
  | UnsupportedStrategy
  | UntrustedHost
  | Verification
  | WebAuthnVerificationError

/** The errors whose `type` is safe to show in a redirect URL. */
const clientSafe = new Set<ErrorType>([
  'CredentialsSignin',
  'OAuthAccountNotLinked',
  'OAuthCallbackError',
  'AccessDenied',
  'Verification',
  'MissingCSRF',
  'AccountNotLinked',
  'WebAuthnVerificationError',
])

/** Whether the error's `type` may be shown to the browser; every other error is shown as `Configuration`. */
export function isClientError(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafe.has(error.type)
}
