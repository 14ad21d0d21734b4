/** Configuration of e-mail providers: the adapter they need, their options, and what the environment fills in. */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { configErrorOf } from '../support/config-error-of.js'
import type { EmailConfig } from '../../src/providers/provider-types.js'
import { emailConfig, ORIGIN } from './flow-harness.js'

const EMAIL_METHODS = [
  'createVerificationToken',
  'useVerificationToken',
  'getUserByEmail',
  'createUser',
  'updateUser',
]

describe('e-mail provider configuration', () => {
  it('without an adapter is a configuration error naming the methods, even with JWT sessions', async () => {
    const { config } = emailConfig(undefined, { strategy: 'jwt' })
    const error = configErrorOf(() => resolveConfig(config, {}))
    expect(error.issues).toMatchObject([
      { type: 'MissingAdapter', message: 'Email login requires an adapter' },
    ])
    for (const method of EMAIL_METHODS) expect(error.message).toContain(`\`${method}\``)
    expect(error.message).toContain('(email) is of type "email"')
    // At the HTTP boundary: the configuration-error answer, never a crash.
    const res = await Auth(
      new Request(`${ORIGIN}/auth/signin/email`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'a@b.c' }),
      }),
      { ...config, logger: { error: () => {} } },
    )
    expect(res.status).toBe(500)
  })

  it('with an adapter lacking the token methods, names the ones missing', () => {
    const adapter = { ...MemoryAdapter() } as Record<string, unknown>
    delete adapter.useVerificationToken
    delete adapter.createVerificationToken
    const { config } = emailConfig(adapter, { strategy: 'jwt' })
    expect(configErrorOf(() => resolveConfig(config, {})).issues.map((i) => i.type)).toStrictEqual([
      'MissingAdapterMethods',
    ])
    expect(() => resolveConfig(config, {})).toThrow(
      /`useVerificationToken`, `createVerificationToken`|`createVerificationToken`, `useVerificationToken`/,
    )
  })

  it('takes apiKey from AUTH_{ID}_KEY and defaults maxAge to 24 hours', () => {
    const { config } = emailConfig(MemoryAdapter(), { provider: { id: 'my-mail' } })
    const resolved = resolveConfig(config, { AUTH_MY_MAIL_KEY: 're_123' })
    const provider = resolved.providerById.get('my-mail') as EmailConfig
    expect(provider.apiKey).toBe('re_123')
    expect(provider.maxAge).toBe(86_400)
    const own = emailConfig(MemoryAdapter(), { provider: { apiKey: 'mine', maxAge: 600 } })
    const p = resolveConfig(own.config, { AUTH_EMAIL_KEY: 'env' }).providerById.get('email') as EmailConfig
    expect(p.apiKey).toBe('mine')
    expect(p.maxAge).toBe(600)
  })

  it.each([
    [{ sendVerificationRequest: undefined }, /sendVerificationRequest/],
    [{ maxAge: -1 }, /maxAge/],
    [{ confirmation: 'yes' }, /confirmation/],
    [{ confirmation: false }, /skipEmailConfirmation/],
    [{ normalizeIdentifier: 'lower' }, /normalizeIdentifier/],
    [{ limits: { perAddress: { max: 0, windowMs: 1000 } } }, /limits.perAddress/],
    [{ limits: { store: {} } }, /limits.store/],
    [{ limits: { clientAddress: 'x-real-ip' } }, /limits.clientAddress/],
  ])('refuses %j', (provider, message) => {
    const { config } = emailConfig(MemoryAdapter(), { provider: provider as Partial<EmailConfig> })
    expect(() => resolveConfig(config, {})).toThrow(message)
  })
})
