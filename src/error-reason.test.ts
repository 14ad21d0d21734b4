import { describe, expect, expectTypeOf, it } from 'vitest'
import { AccessDenied, CredentialsSignin, InvalidCheck } from './errors.js'
import type { ErrorReason } from './errors.js'

describe('error reasons', () => {
  it('are a literal union: a misspelled reason fails to compile, a template family is accepted', () => {
    // @ts-expect-error: not a reason
    void new AccessDenied('x', { reason: 'signin_callback_refussed' })
    // @ts-expect-error: the option is `reason`; `code` belongs to CredentialsSignin's URL parameter
    void new AccessDenied('x', { code: 'signin_callback_refused' })
    const error = new InvalidCheck('x', { reason: 'pkce_cookie_missing' })
    expect(error.reason).toBe('pkce_cookie_missing')
    expectTypeOf(error.reason).toEqualTypeOf<ErrorReason | undefined>()
  })

  it('narrow in a switch', () => {
    const describeReason = (reason: ErrorReason | undefined): string => {
      switch (reason) {
        case 'csrf_token_mismatch':
          return 'csrf'
        case undefined:
          return 'none'
        default:
          return reason
      }
    }
    expect(describeReason(new AccessDenied('x', { reason: 'csrf_token_mismatch' }).reason)).toBe('csrf')
    expect(describeReason(undefined)).toBe('none')
  })

  it('are not the client-visible code of CredentialsSignin', () => {
    const error = new CredentialsSignin()
    expect(error.code).toBe('credentials')
    expect(error.reason).toBeUndefined()
  })
})
