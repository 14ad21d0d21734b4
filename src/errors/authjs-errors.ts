/**
 * Auth.js v5's 32 error classes, with Auth.js's names and `type` values, under Gatehouse's `AuthError`.
 *
 * @module
 */
import { AuthError, SignInError } from './auth-error.js'

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
