import { describe, expect, expectTypeOf, it } from 'vitest'
import * as errors from './errors.js'
import {
  AuthError,
  ConfigError,
  CredentialsSignin,
  PasskeyManagementError,
  TokenRefreshError,
  type AnyAuthError,
  type ConfigIssue,
  type ErrorType,
} from './errors.js'

const classes = Object.entries(errors).filter(
  (entry): entry is [string, typeof AuthError] =>
    typeof entry[1] === 'function' && entry[1].prototype instanceof Error,
)
const make = (Class: typeof AuthError): AuthError =>
  Class === ConfigError ? new ConfigError([]) : new Class('x')

describe('one error vocabulary', () => {
  it('every exported error class is an AuthError (one root)', () => {
    expect(classes.length).toBeGreaterThan(35)
    for (const [name, Class] of classes) expect(make(Class), name).toBeInstanceOf(AuthError)
  })

  it('every class has its own literal `type`, the one on its instances', () => {
    const types = new Map<ErrorType, string>()
    for (const [name, Class] of classes) {
      const error = make(Class)
      expect(error.name).toBe(name)
      if (name === 'MissingSecretError') {
        expect(error.type).toBe('MissingSecret')
        continue
      }
      if (name === 'SignInError') continue
      expect(types.get(error.type), `${name} and ${types.get(error.type)} share a type`).toBeUndefined()
      types.set(error.type, name)
    }
  })

  it('`code` is only CredentialsSignin’s, the value the application sets', () => {
    class InvalidLogin extends CredentialsSignin {
      override code = 'invalid_login'
    }
    const error = new InvalidLogin()
    expect(error.code).toBe('invalid_login')
    expect(error.type).toBe('CredentialsSignin')
    expect(new CredentialsSignin().code).toBe('credentials')
    for (const [name, Class] of classes) {
      if (Class.prototype instanceof CredentialsSignin || Class === CredentialsSignin) continue
      expect(Object.hasOwn(make(Class), 'code'), name).toBe(false)
    }
    // @ts-expect-error: a passkey refusal says why in `reason`
    void new PasskeyManagementError('x', { reason: 'not_found' }).code
  })

  it('a switch over AnyAuthError narrows each case to its class', () => {
    const describe = (error: AnyAuthError): string => {
      switch (error.type) {
        case 'ConfigError':
          expectTypeOf(error).toEqualTypeOf<ConfigError>()
          return error.issues.map((issue) => issue.option).join()
        case 'CredentialsSignin':
          expectTypeOf(error.code).toEqualTypeOf<string>()
          return error.code
        case 'PasskeyManagementError':
          expectTypeOf(error.reason).toEqualTypeOf<errors.PasskeyManagementReason>()
          return error.reason
        case 'TokenRefreshError':
          expectTypeOf(error.reason).toEqualTypeOf<errors.TokenRefreshReason>()
          return error.reason
        default:
          return error.type
      }
    }
    expect(describe(new TokenRefreshError('x', { reason: 'provider_error:invalid_grant' }))).toBe(
      'provider_error:invalid_grant',
    )
    expect(describe(new PasskeyManagementError('x', { reason: 'last_sign_in_method' }))).toBe(
      'last_sign_in_method',
    )
    // @ts-expect-error: not a refusal of passkey management
    void new PasskeyManagementError('x', { reason: 'csrf_token_mismatch' })
  })

  it('ConfigError lists every issue with its option, class, problem and what to do', () => {
    const issues: ConfigIssue[] = [
      {
        option: 'secret',
        problem: 'no secret is set.',
        fix: 'Set AUTH_SECRET.',
        type: 'MissingSecret',
        message: 'Please define a `secret`',
      },
      {
        option: 'basePath',
        problem: 'must start with "/".',
        fix: 'Use "/auth".',
        type: 'AuthError',
        message: 'x',
      },
    ]
    const error = new ConfigError(issues)
    expect(error.type).toBe('ConfigError')
    expect(error.reason).toBe('invalid_configuration')
    expect(error.message).toBe(
      'Gatehouse configuration has 2 problems:\n' +
        '  1. secret (MissingSecret): no secret is set. Set AUTH_SECRET.\n' +
        '  2. basePath (AuthError): must start with "/". Use "/auth".',
    )
    expect(error.issues).toStrictEqual(issues)
    expect(Object.isFrozen(error.issues)).toBe(true)
  })
})
