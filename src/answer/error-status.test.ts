import { describe, expect, it } from 'vitest'
import * as errors from '../errors.js'
import { errorPageCode, errorStatus } from './error-status.js'

/** Every error class of `gatehouse-auth/errors`, with the status its cause calls for (issue #14, finding 4). */
const EXPECTED: Record<string, number> = {
  AuthError: 500,
  SignInError: 500,
  AccessDenied: 403,
  AdapterError: 503,
  CallbackRouteError: 500,
  ErrorPageLoop: 500,
  EventError: 500,
  InvalidCallbackUrl: 400,
  CredentialsSignin: 401,
  InvalidEndpoints: 500,
  InvalidCheck: 403,
  JWTSessionError: 500,
  MissingAdapter: 500,
  MissingAdapterMethods: 500,
  MissingAuthorize: 500,
  MissingSecret: 500,
  MissingSecretError: 500,
  OAuthAccountNotLinked: 403,
  OAuthCallbackError: 400,
  OAuthProfileParseError: 500,
  SessionTokenError: 500,
  OAuthSignInError: 500,
  EmailSignInError: 500,
  SignOutError: 500,
  UnknownAction: 400,
  UnsupportedStrategy: 500,
  InvalidProvider: 400,
  UntrustedHost: 500,
  Verification: 403,
  MissingCSRF: 403,
  AccountNotLinked: 403,
  DuplicateConditionalUI: 500,
  MissingWebAuthnAutocomplete: 500,
  WebAuthnVerificationError: 400,
  ExperimentalFeatureNotEnabled: 500,
  ConfigError: 500,
  InvalidEmailAddress: 500,
  PasskeyManagementError: 500,
  TokenRefreshError: 500,
}

describe('errorStatus', () => {
  const classes = Object.entries(errors).filter(
    (entry): entry is [string, typeof errors.AuthError] =>
      typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
  )

  it('knows every exported error class', () => {
    expect(classes.map(([name]) => name).sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(classes)('%s', (name, Class) => {
    const error = Class === errors.ConfigError ? new errors.ConfigError([]) : new Class('x')
    expect(errorStatus(error)).toBe(EXPECTED[name])
  })

  it.each([
    [new errors.InvalidProvider('x', { reason: 'provider_kind_unavailable' }), 500],
    [new errors.OAuthCallbackError('x', { reason: 'provider_unreachable' }), 502],
    [new errors.OAuthCallbackError('x', { reason: 'provider_timeout' }), 502],
    [new errors.OAuthSignInError('x', { reason: 'provider_response_too_large' }), 502],
    [new errors.OAuthSignInError('x', { reason: 'insecure_endpoint' }), 500],
    [new TypeError('a bug'), 500],
    ['a string', 500],
  ])('%s by its reason: %i', (error, status) => {
    expect(errorStatus(error)).toBe(status)
  })

  it('the error page code', () => {
    expect([400, 401, 403, 500, 502, 503].map(errorPageCode)).toEqual([
      'bad_request',
      'bad_request',
      'bad_request',
      undefined,
      'unavailable',
      'unavailable',
    ])
  })
})
