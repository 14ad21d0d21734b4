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
import { AuthError, type ErrorType } from './errors/auth-error.js'
import type {
  AccessDenied,
  AccountNotLinked,
  AdapterError,
  CallbackRouteError,
  CredentialsSignin,
  DuplicateConditionalUI,
  EmailSignInError,
  ErrorPageLoop,
  EventError,
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  InvalidCheck,
  InvalidEndpoints,
  InvalidProvider,
  JWTSessionError,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingCSRF,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthProfileParseError,
  OAuthSignInError,
  SessionTokenError,
  SignOutError,
  UnknownAction,
  UnsupportedStrategy,
  UntrustedHost,
  Verification,
  WebAuthnVerificationError,
} from './errors/authjs-errors.js'
import type {
  ConfigError,
  InvalidEmailAddress,
  PasskeyManagementError,
  TokenRefreshError,
} from './errors/gatehouse-errors.js'

export type { ErrorReason, PasskeyManagementReason, TokenRefreshReason } from './error-reason.js'
export {
  AuthError,
  SignInError,
  type AuthErrorOptions,
  type AuthJsErrorType,
  type ErrorKind,
  type ErrorType,
  type GatehouseErrorType,
} from './errors/auth-error.js'
export {
  AccessDenied,
  AdapterError,
  CallbackRouteError,
  ErrorPageLoop,
  EventError,
  InvalidCallbackUrl,
  CredentialsSignin,
  InvalidEndpoints,
  InvalidCheck,
  JWTSessionError,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthProfileParseError,
  SessionTokenError,
  OAuthSignInError,
  EmailSignInError,
  SignOutError,
  UnknownAction,
  UnsupportedStrategy,
  InvalidProvider,
  UntrustedHost,
  Verification,
  MissingCSRF,
  AccountNotLinked,
  DuplicateConditionalUI,
  MissingWebAuthnAutocomplete,
  WebAuthnVerificationError,
  ExperimentalFeatureNotEnabled,
  MissingSecretError,
} from './errors/authjs-errors.js'
export {
  ConfigError,
  InvalidEmailAddress,
  PasskeyManagementError,
  TokenRefreshError,
  type ConfigIssue,
  type ConfigIssueType,
} from './errors/gatehouse-errors.js'

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
