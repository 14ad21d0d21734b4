/** Configuration of WebAuthn providers: stable (no flag), checked up front, with Auth.js's option names. */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import type { ConfigError } from '../../src/errors.js'
import { configErrorOf } from '../support/config-error-of.js'
import Passkey from '../../src/providers/passkey.js'
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnConfig } from '../../src/providers/webauthn.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'

const base = (extra: Partial<AuthConfig>): AuthConfig => ({
  secret: 'a-test-secret-that-is-at-least-32-characters-long',
  trustHost: true,
  logger: quietLogger(),
  providers: [Passkey()],
  ...extra,
})

function problem(config: AuthConfig): ConfigError {
  return configErrorOf(() => resolveConfig(config, {}))
}

describe('WebAuthn configuration', () => {
  it('works without experimental.enableWebAuthn, and accepts it without a warning', () => {
    const logger = quietLogger()
    expect(() => resolveConfig(base({ adapter: MemoryAdapter(), logger }), {})).not.toThrow()
    resolveConfig(base({ adapter: MemoryAdapter(), logger, experimental: { enableWebAuthn: true } }), {})
    expect(logger.warnings).toEqual([])
  })

  it('needs an adapter, with the authenticator methods', () => {
    expect(problem(base({})).issues).toMatchObject([
      { type: 'MissingAdapter', message: 'WebAuthn requires an adapter' },
    ])
    const { getAuthenticator: _g, ...partial } = MemoryAdapter()
    const error = problem(base({ adapter: partial }))
    expect(error.issues.map((i) => i.type)).toStrictEqual(['MissingAdapterMethods'])
    expect(error.message).toMatch(/getAuthenticator/)
  })

  it.each([
    [{ relyingParty: { origin: 'https://example.com/login' } }, /origin/],
    [{ relyingParty: { id: 5 as unknown as string } }, /relyingParty.id/],
    [{ relayingParty: { origin: 'not a url' } }, /origin/],
    [{ registrationOptions: 'strict' as unknown as Record<string, unknown> }, /registrationOptions/],
    [{ getUserInfo: 'email' as unknown as NonNullable<WebAuthnConfig['getUserInfo']> }, /getUserInfo/],
    [{ formFields: { email: { label: 'Email', autocomplete: 'email' } } }, /conditional UI/],
  ])('refuses %j', (options, message) => {
    const error = problem(base({ adapter: MemoryAdapter(), providers: [WebAuthn(options)] }))
    expect(error.message).toMatch(message)
  })

  it('accepts a form without autofill when conditional UI is off', () => {
    const provider = WebAuthn({ enableConditionalUI: false, formFields: { email: { label: 'Email' } } })
    expect(() => resolveConfig(base({ adapter: MemoryAdapter(), providers: [provider] }), {})).not.toThrow()
  })

  it("has Auth.js's defaults; Passkey requires resident keys and user verification", () => {
    expect(WebAuthn()).toMatchObject({
      id: 'webauthn',
      name: 'WebAuthn',
      type: 'webauthn',
      enableConditionalUI: true,
      formFields: { email: { label: 'Email', required: true, autocomplete: 'username webauthn' } },
      authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
      registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    })
    expect(Passkey()).toMatchObject({
      id: 'passkey',
      name: 'Passkey',
      type: 'webauthn',
      authenticationOptions: { userVerification: 'required' },
      registrationOptions: {
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
      verifyAuthenticationOptions: { requireUserVerification: true },
      verifyRegistrationOptions: { requireUserVerification: true },
    })
    expect(Passkey({ id: 'mine', name: 'Mine' })).toMatchObject({
      id: 'mine',
      name: 'Mine',
      type: 'webauthn',
    })
  })
})
