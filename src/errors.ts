/**
 * The error hierarchy. Every class carries the Auth.js wire `type` (the value that appears as `?error=` or in
 * logs) and `kind`, so that application code written against `@auth/core` errors keeps working; a precise
 * internal `reason` (a literal union, {@link ErrorReason}) says what exactly went wrong, and messages say what to do about it.
 *
 * @module
 */
import type { ErrorReason } from './error-reason.js'

export type { ErrorReason } from './error-reason.js'

/** Where an error sends the user: the error page, or back to the sign-in page. */
export type ErrorKind = 'error' | 'signIn'

/** Every wire value of `AuthError#type`, as Auth.js v5 names them. */
export type ErrorType =
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
  /** The wire value, identical to Auth.js's. */
  type: ErrorType = 'AuthError' as ErrorType
  /** `signIn` errors return the user to the sign-in page; the others go to the error page. */
  kind: ErrorKind = 'error'
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
    this.name = new.target.name
    this.type = ((new.target as unknown as { type?: ErrorType }).type ?? new.target.name) as ErrorType
    this.kind = (new.target as unknown as { kind?: ErrorKind }).kind ?? 'error'
    this.reason = options?.reason
  }
}

/** An error that sends the user back to the sign-in page with `?error=`. */
export class SignInError extends AuthError {
  static kind: ErrorKind = 'signIn'
}

/** The `signIn` callback refused the sign-in, or threw. */
export class AccessDenied extends AuthError {
  static type: ErrorType = 'AccessDenied'
}
/** An adapter method threw; the original error is in `cause.err`. */
export class AdapterError extends AuthError {
  static type: ErrorType = 'AdapterError'
}
/** Something unexpected happened while completing a sign-in (e.g. `authorize` threw a plain Error). */
export class CallbackRouteError extends AuthError {
  static type: ErrorType = 'CallbackRouteError'
}
/** A custom error page redirects to itself. */
export class ErrorPageLoop extends AuthError {
  static type: ErrorType = 'ErrorPageLoop'
}
/** An event handler threw; events never break a flow, so this is only logged. */
export class EventError extends AuthError {
  static type: ErrorType = 'EventError'
}
/** A `callbackUrl` that is not an http(s) address of this application. */
export class InvalidCallbackUrl extends AuthError {
  static type: ErrorType = 'InvalidCallbackUrl'
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
  static type: ErrorType = 'CredentialsSignin'
  /** Put into the `code` query parameter of the redirect; keep it free of sensitive detail. */
  code = 'credentials'
}
/** An OAuth provider has neither an issuer nor the endpoints it needs. */
export class InvalidEndpoints extends AuthError {
  static type: ErrorType = 'InvalidEndpoints'
}
/** A state, PKCE, nonce or challenge check failed. */
export class InvalidCheck extends AuthError {
  static type: ErrorType = 'InvalidCheck'
}
/** The session token could not be decoded; the user is treated as signed out. */
export class JWTSessionError extends AuthError {
  static type: ErrorType = 'JWTSessionError'
}
/** A feature that needs a database adapter is configured without one. */
export class MissingAdapter extends AuthError {
  static type: ErrorType = 'MissingAdapter'
}
/** The adapter lacks methods that the configured features need. */
export class MissingAdapterMethods extends AuthError {
  static type: ErrorType = 'MissingAdapterMethods'
}
/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  static type: ErrorType = 'MissingAuthorize'
}
/** No secret is configured. */
export class MissingSecret extends AuthError {
  static type: ErrorType = 'MissingSecret'
}
/** The e-mail address belongs to another user; linking needs the user to sign in with their first provider. */
export class OAuthAccountNotLinked extends SignInError {
  static type: ErrorType = 'OAuthAccountNotLinked'
}
/** The OAuth provider answered the callback with `error=`. */
export class OAuthCallbackError extends SignInError {
  static type: ErrorType = 'OAuthCallbackError'
}
/** The provider's profile could not be turned into a user. */
export class OAuthProfileParseError extends AuthError {
  static type: ErrorType = 'OAuthProfileParseError'
}
/** A database session could not be read or written. */
export class SessionTokenError extends AuthError {
  static type: ErrorType = 'SessionTokenError'
}
/** Starting an OAuth sign-in failed. */
export class OAuthSignInError extends SignInError {
  static type: ErrorType = 'OAuthSignInError'
}
/** Sending a sign-in e-mail failed. */
export class EmailSignInError extends SignInError {
  static type: ErrorType = 'EmailSignInError'
}
/** Ending a session failed; sign-out still completes. */
export class SignOutError extends AuthError {
  static type: ErrorType = 'SignOutError'
}
/** The request names no action that Gatehouse knows, or uses a method the action does not take. */
export class UnknownAction extends AuthError {
  static type: ErrorType = 'UnknownAction'
}
/** The configured session strategy cannot work with the configured providers. */
export class UnsupportedStrategy extends AuthError {
  static type: ErrorType = 'UnsupportedStrategy'
}
/** The request names a provider that is not configured, or one of a kind that cannot take this request. */
export class InvalidProvider extends AuthError {
  static type: ErrorType = 'InvalidProvider'
}
/** The request's host is not trusted: set `trustHost` or `AUTH_URL`. */
export class UntrustedHost extends AuthError {
  static type: ErrorType = 'UntrustedHost'
}
/** An e-mail sign-in link is invalid, used or expired. */
export class Verification extends AuthError {
  static type: ErrorType = 'Verification'
}
/** The CSRF token is missing or does not match its cookie. */
export class MissingCSRF extends SignInError {
  static type: ErrorType = 'MissingCSRF'
}
/** The WebAuthn credential belongs to another user. */
export class AccountNotLinked extends SignInError {
  static type: ErrorType = 'AccountNotLinked'
}
/** More than one WebAuthn provider asks for conditional UI. */
export class DuplicateConditionalUI extends AuthError {
  static type: ErrorType = 'DuplicateConditionalUI'
}
/** Conditional UI needs a form field with `autocomplete="webauthn"`. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static type: ErrorType = 'MissingWebAuthnAutocomplete'
}
/** A WebAuthn response failed verification. */
export class WebAuthnVerificationError extends AuthError {
  static type: ErrorType = 'WebAuthnVerificationError'
}
/** An experimental feature is used without being enabled. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static type: ErrorType = 'ExperimentalFeatureNotEnabled'
}
/** Thrown in production when no secret is set (same meaning as {@link MissingSecret}, the name the spec uses). */
export class MissingSecretError extends MissingSecret {}

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
