import { describe, expect, it } from 'vitest'
import {
  ceremonyFailure,
  noPasskeyForAddress,
  optionsFailure,
  optionsTimeout,
  PasskeyError,
  passkeyFailureMessage,
  type CeremonyContext,
  type PasskeyFailure,
} from './passkey-failure.js'

const domError = (name: string) => Object.assign(new Error('browser says no'), { name })
const ctx = (over: Partial<CeremonyContext> = {}): CeremonyContext => ({
  action: 'authenticate',
  startedAt: 1_000,
  endedAt: 3_000,
  timeout: 60_000,
  noPasskeyForAddress: false,
  ...over,
})

describe('passkey failures', () => {
  it('each failure has its own message', () => {
    const all: PasskeyFailure[] = [
      'AccountExists',
      'EmailRequired',
      'NoPasskey',
      'PasskeyCancelled',
      'PasskeyTimedOut',
      'PasskeyAlreadyRegistered',
      'PasskeysUnsupported',
      'PasskeyFailed',
    ]
    const messages = all.map(passkeyFailureMessage)
    expect(new Set(messages).size).toBe(all.length)
    // The old catch-all no longer stands for an existing account.
    expect(passkeyFailureMessage('AccountExists')).not.toMatch(/closed|timed out/)
    expect(passkeyFailureMessage('constructor')).toBe(passkeyFailureMessage('PasskeyFailed'))
    const error = new PasskeyError('NoPasskey', { cause: domError('NotAllowedError') })
    expect(error).toMatchObject({
      name: 'PasskeyError',
      failure: 'NoPasskey',
      message: passkeyFailureMessage('NoPasskey'),
    })
  })

  it('a NotAllowedError is a timeout when the prompt stayed open for the timeout, else a cancel', () => {
    const notAllowed = domError('NotAllowedError')
    expect(ceremonyFailure(notAllowed, ctx())).toBe('PasskeyCancelled')
    expect(ceremonyFailure(notAllowed, ctx({ endedAt: 1_000 + 60_000 }))).toBe('PasskeyTimedOut')
    expect(ceremonyFailure(notAllowed, ctx({ endedAt: 1_000 + 57_500 }))).toBe('PasskeyTimedOut')
    expect(ceremonyFailure(notAllowed, ctx({ endedAt: 1_000 + 50_000 }))).toBe('PasskeyCancelled')
    expect(ceremonyFailure(notAllowed, ctx({ timeout: undefined, endedAt: 1e9 }))).toBe('PasskeyCancelled')
  })

  it('"no passkey" only when the site listed none for the address typed, and only when signing in', () => {
    const notAllowed = domError('NotAllowedError')
    expect(ceremonyFailure(notAllowed, ctx({ noPasskeyForAddress: true }))).toBe('NoPasskey')
    expect(ceremonyFailure(notAllowed, ctx({ noPasskeyForAddress: true, action: 'register' }))).toBe(
      'PasskeyCancelled',
    )
    expect(noPasskeyForAddress({ allowCredentials: [] }, 'ada@example.com')).toBe(true)
    expect(noPasskeyForAddress({}, 'ada@example.com')).toBe(true)
    expect(noPasskeyForAddress({ allowCredentials: [{ id: 'x' }] }, 'ada@example.com')).toBe(false)
    expect(noPasskeyForAddress({ allowCredentials: [] }, ' ')).toBe(false)
  })

  it('other browser errors', () => {
    expect(ceremonyFailure(domError('InvalidStateError'), ctx({ action: 'register' }))).toBe(
      'PasskeyAlreadyRegistered',
    )
    expect(ceremonyFailure(domError('InvalidStateError'), ctx())).toBe('PasskeyFailed')
    expect(ceremonyFailure(domError('AbortError'), ctx())).toBe('PasskeyCancelled')
    expect(ceremonyFailure(domError('NotSupportedError'), ctx())).toBe('PasskeysUnsupported')
    expect(ceremonyFailure(domError('SecurityError'), ctx())).toBe('PasskeyFailed')
    expect(ceremonyFailure('a string', ctx())).toBe('PasskeyFailed')
  })

  it('a refused options request: the account the server names, or the address a registration needs', () => {
    expect(optionsFailure({ code: 'AccountExists' }, 'register', 'ada@example.com')).toBe('AccountExists')
    expect(optionsFailure({}, 'register', '')).toBe('EmailRequired')
    expect(optionsFailure({}, 'register', 'ada@example.com')).toBe('PasskeyFailed')
    expect(optionsFailure(undefined, 'authenticate', '')).toBe('PasskeyFailed')
    expect(optionsTimeout({ timeout: 60_000 })).toBe(60_000)
    expect(optionsTimeout({ timeout: '60000' })).toBeUndefined()
    expect(optionsTimeout(null)).toBeUndefined()
  })
})
