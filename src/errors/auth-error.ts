/**
 * The base of Gatehouse's error vocabulary: `AuthError`, its `type` and `kind` unions. See `errors.ts`.
 *
 * @module
 */
import type { ErrorReason } from '../error-reason.js'

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
