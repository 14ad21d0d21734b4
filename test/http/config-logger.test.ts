/**
 * The logger contract of a broken configuration, as Auth.js's: every problem reaches `logger.error` as its
 * Auth.js class with Auth.js's message (so alerting on `error.type` works as it does on Auth.js), while the
 * whole list is logged once as a ConfigError and each request then logs one short line. Every request is
 * answered with the configuration error of the wire contract.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { createAuth } from '../../src/create-auth.js'
import type { AuthError } from '../../src/errors.js'
import {
  ConfigError,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UnsupportedStrategy,
  UntrustedHost,
} from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { Provider } from '../../src/providers/provider-types.js'
import Passkey from '../../src/providers/passkey.js'
import Resend from '../../src/providers/resend.js'
import type { AuthConfig, LoggerInstance } from '../../src/types.js'

const SECRET = 'a-test-secret-that-is-long-enough-for-gatehouse-0123456789'
const ORIGIN = 'https://authjs.test'
const CONFIG_MESSAGE =
  'There was a problem with the server configuration. Check the server logs for more information.'
const DEV = { NODE_ENV: 'test' }

type ErrorClass = typeof AuthError & { readonly type: string }

function spyLogger() {
  return { error: vi.fn<LoggerInstance['error']>(), warn: vi.fn(), debug: vi.fn() }
}

/** A configuration that works, as Auth.js's suite builds one, with `overrides` applied. */
function testConfig(
  overrides: Partial<AuthConfig>,
  logger = spyLogger(),
): AuthConfig & { logger: typeof logger } {
  return { secret: SECRET, trustHost: true, basePath: '/auth', providers: [], ...overrides, logger }
}

/** Asks `action` of a configuration (resolved with `env`) and returns the answer with what was logged. */
async function ask(config: ReturnType<typeof testConfig>, action: string, env: Record<string, string> = DEV) {
  const { handlers } = createAuth(config, { env })
  const response = await handlers.GET(new Request(`${ORIGIN}/auth/${action}`))
  return { response, logged: config.logger.error.mock.calls.map(([error]) => error) }
}

/** The wire contract's answer to an API request while the configuration is broken. */
async function expectConfigurationAnswer(response: Response): Promise<void> {
  expect(response.status).toBe(500)
  expect(await response.json()).toStrictEqual({ message: CONFIG_MESSAGE })
}

/** `logger.error` got an error of `Class` with `message`, its `type` the class's: as Auth.js's suite asserts it. */
function expectLogged(logged: Error[], Class: ErrorClass, message: string): void {
  const found = logged.filter((e) => e instanceof Class && e.message === message)
  const all = logged.map((e) => `${e.name}: ${e.message}`).join('\n')
  expect(found.length, `${Class.type}: ${message} not among\n${all}`).toBeGreaterThan(0)
  for (const error of found) {
    expect(error.name).toBe(Class.name)
    expect((error as AuthError).type).toBe(Class.type)
  }
  // The very assertion of Auth.js's own suite (`toHaveBeenCalledWith(new MissingSecret(…))`).
  expect(logged).toContainEqual(new Class(message))
}

describe('each configuration problem Auth.js reports is logged as its Auth.js class, with its message', () => {
  it('MissingSecret', async () => {
    const { response, logged } = await ask(testConfig({ secret: undefined }), 'session')
    await expectConfigurationAnswer(response)
    expectLogged(logged, MissingSecret, 'Please define a `secret`')
  })

  it('UntrustedHost, naming the URL of the request (its query left out)', async () => {
    const config = testConfig({ trustHost: false })
    const { handlers } = createAuth(config, { env: { NODE_ENV: 'production' } })
    const response = await handlers.GET(new Request(`${ORIGIN}/auth/session?callbackUrl=%2Fsecret-token`))
    await expectConfigurationAnswer(response)
    const logged = config.logger.error.mock.calls.map(([error]) => error)
    expectLogged(logged, UntrustedHost, 'Host must be trusted. URL was: https://authjs.test/auth/session')
    expect(logged.map((e) => e.message).join()).not.toContain('secret-token')
  })

  it.each<[string, Provider, string]>([
    [
      'an oidc provider given as a function, without issuer or endpoints',
      () => ({ type: 'oidc', id: 'provider-id', name: '' }),
      'authorization',
    ],
    [
      'an oidc provider object, without issuer or endpoints',
      { type: 'oidc', id: 'provider-id', name: '' },
      'authorization',
    ],
    [
      'an oauth provider with only an authorization URL',
      { authorization: { url: 'http://a' }, type: 'oauth', id: 'provider-id', name: '' },
      'token',
    ],
    [
      'an oauth provider without a userinfo URL',
      { authorization: 'http://a', token: { url: 'http://a' }, type: 'oauth', id: 'provider-id', name: '' },
      'userinfo',
    ],
    [
      'an oauth provider whose userinfo has no url',
      {
        authorization: 'http://a',
        token: 'http://a',
        userinfo: { foo: 'http://a' },
        type: 'oauth',
        id: 'provider-id',
        name: '',
      },
      'userinfo',
    ],
  ])('InvalidEndpoints: %s', async (_name, provider, key) => {
    const { response, logged } = await ask(testConfig({ providers: [provider] }), 'providers')
    await expectConfigurationAnswer(response)
    expectLogged(
      logged,
      InvalidEndpoints,
      `Provider "provider-id" is missing both \`issuer\` and \`${key}\` endpoint config. At least one of them is required`,
    )
  })

  it.each<[string, Provider]>([
    ['given as a function', () => ({ type: 'credentials', id: 'provider-id', name: '' }) as never],
    ['given as an object', { type: 'credentials', id: 'provider-id', name: '' } as never],
  ])('MissingAuthorize: a credentials provider without authorize(), %s', async (_name, provider) => {
    const { response, logged } = await ask(testConfig({ providers: [provider] }), 'providers')
    await expectConfigurationAnswer(response)
    expectLogged(
      logged,
      MissingAuthorize,
      'Must define an authorize() handler to use credentials authentication provider',
    )
  })

  it('UnsupportedStrategy: database sessions with only credentials and no adapter', async () => {
    const { response, logged } = await ask(
      testConfig({
        session: { strategy: 'database' },
        providers: [Credentials({ authorize: () => null })],
      }),
      'providers',
    )
    await expectConfigurationAnswer(response)
    expectLogged(
      logged,
      UnsupportedStrategy,
      'Signing in with credentials only supported if JWT strategy is enabled',
    )
  })

  it('MissingAdapter: database sessions, e-mail or passkeys without an adapter', async () => {
    const oauth = {
      id: 'idp',
      name: 'IdP',
      type: 'oidc',
      issuer: 'https://idp.test',
      clientId: 'c',
      clientSecret: 's',
    }
    const database = await ask(
      testConfig({ session: { strategy: 'database' }, providers: [oauth as never] }),
      'session',
    )
    await expectConfigurationAnswer(database.response)
    expectLogged(database.logged, MissingAdapter, 'Database session requires an adapter')

    const email = await ask(
      testConfig({ providers: [Resend({ apiKey: 're_x', from: 'a@b.test' })] }),
      'session',
    )
    await expectConfigurationAnswer(email.response)
    expectLogged(email.logged, MissingAdapter, 'Email login requires an adapter')

    const passkeys = await ask(testConfig({ providers: [Passkey()] }), 'session')
    await expectConfigurationAnswer(passkeys.response)
    expectLogged(passkeys.logged, MissingAdapter, 'WebAuthn requires an adapter')
  })

  it('MissingAdapterMethods', async () => {
    const { getSessionAndUser: _g, updateSession: _u, ...adapter } = MemoryAdapter()
    const { response, logged } = await ask(testConfig({ adapter, providers: [] }), 'session')
    await expectConfigurationAnswer(response)
    expectLogged(
      logged,
      MissingAdapterMethods,
      'Required adapter methods were missing: getSessionAndUser, updateSession',
    )
  })

  it('MissingWebAuthnAutocomplete', async () => {
    const provider = Passkey({ formFields: { email: { label: 'Email', autocomplete: 'email' } } })
    const { response, logged } = await ask(
      testConfig({ adapter: MemoryAdapter(), providers: [provider] }),
      'session',
    )
    await expectConfigurationAnswer(response)
    expectLogged(
      logged,
      MissingWebAuthnAutocomplete,
      `Provider "passkey" has 'enableConditionalUI' set to True, but none of its formFields have 'webauthn' in their autocomplete param`,
    )
  })

  it('a page is the 500 error page; a POST is the 500 JSON, as for any action', async () => {
    const config = testConfig({ secret: undefined })
    const { handlers } = createAuth(config, { env: DEV })
    const page = await handlers.GET(new Request(`${ORIGIN}/auth/signin`))
    expect(page.status).toBe(500)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    await expectConfigurationAnswer(
      await handlers.POST(new Request(`${ORIGIN}/auth/signout`, { method: 'POST' })),
    )
  })
})

describe('every problem at once: the full list once, then one short line per request', () => {
  it('logs the ConfigError and each problem once, then the first problem once per request', async () => {
    const config = testConfig({
      secret: undefined,
      trustHost: false,
      providers: [{ type: 'credentials', id: 'pin', name: 'PIN' } as never],
    })
    const { handlers } = createAuth(config, { env: { NODE_ENV: 'production' } })
    const atStart = config.logger.error.mock.calls.map(([e]) => e)
    expect(atStart[0]).toBeInstanceOf(ConfigError)
    const configError = atStart[0] as ConfigError
    expect(configError.issues.map((i) => i.type)).toStrictEqual([
      'UntrustedHost',
      'MissingSecret',
      'MissingAuthorize',
    ])
    for (const issue of configError.issues) {
      expect(issue.option).not.toBe('')
      expect(issue.problem).not.toBe('')
      expect(issue.fix).not.toBe('')
    }
    expect(atStart.slice(1).map((e) => (e as AuthError).type)).toStrictEqual([
      'UntrustedHost',
      'MissingSecret',
      'MissingAuthorize',
    ])
    expect(atStart.slice(1).map((e) => (e.cause as { issue: unknown }).issue)).toStrictEqual(
      configError.issues,
    )

    for (let i = 0; i < 3; i++) await handlers.GET(new Request(`${ORIGIN}/auth/session`))
    const perRequest = config.logger.error.mock.calls.slice(atStart.length).map(([e]) => e)
    expect(perRequest).toHaveLength(3)
    for (const e of perRequest) {
      expect(e).toBeInstanceOf(UntrustedHost)
      expect(e).not.toBeInstanceOf(ConfigError)
      expect(e.cause).toMatchObject({ issue: configError.issues[0], issueCount: 3 })
    }
  })

  it('the same broken configuration built again is not logged in full again (once per process and logger)', async () => {
    const logger = spyLogger()
    for (let i = 0; i < 3; i++) {
      const { handlers } = createAuth(testConfig({ secret: undefined }, logger), { env: DEV })
      await handlers.GET(new Request(`${ORIGIN}/auth/session`))
    }
    const logged = logger.error.mock.calls.map(([e]) => e)
    expect(logged.filter((e) => e instanceof ConfigError)).toHaveLength(1)
    // One MissingSecret at start, then one per request.
    expect(logged.filter((e) => e instanceof MissingSecret)).toHaveLength(4)
  })

  it('the console logger writes the list once, without a stack, and one line per request', async () => {
    const lines: string[] = []
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')))
    try {
      const { handlers } = createAuth(
        { providers: [], trustHost: true, basePath: '/console-logger-case' },
        { env: { NODE_ENV: 'production' } },
      )
      const atStart = lines.length
      expect(lines.join('\n')).toContain(
        '[gatehouse][error] ConfigError (invalid_configuration): Gatehouse configuration has 1 problem:',
      )
      expect(lines.join('\n')).toContain('secret (MissingSecret): no secret is set. Set AUTH_SECRET')
      expect(lines).toContain('[gatehouse][error] MissingSecret: Please define a `secret`')
      await handlers.GET(new Request(`${ORIGIN}/console-logger-case/session`))
      await handlers.GET(new Request(`${ORIGIN}/console-logger-case/csrf`))
      expect(lines.slice(atStart)).toStrictEqual([
        '[gatehouse][error] MissingSecret: Please define a `secret` (the configuration problem, listed when the ' +
          'configuration was resolved; answering with the configuration error)',
        '[gatehouse][error] MissingSecret: Please define a `secret` (the configuration problem, listed when the ' +
          'configuration was resolved; answering with the configuration error)',
      ])
      expect(lines.join('\n')).not.toContain('[gatehouse][stack]')
    } finally {
      spy.mockRestore()
    }
  })
})

describe('Auth(request, config), as Auth.js’s own suite calls it', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('logs MissingSecret and UntrustedHost with Auth.js’s messages and answers 500', async () => {
    // As vitest runs Auth.js's suite: NODE_ENV=test, no secret and no AUTH_URL in the environment.
    vi.stubEnv('NODE_ENV', 'test')
    vi.stubEnv('AUTH_SECRET', '')
    vi.stubEnv('NEXTAUTH_SECRET', '')
    vi.stubEnv('AUTH_URL', '')
    vi.stubEnv('NEXTAUTH_URL', '')
    const missing = testConfig({ secret: undefined })
    await expectConfigurationAnswer(await Auth(new Request(`${ORIGIN}/auth/session`), missing))
    expect(missing.logger.error).toHaveBeenCalledWith(new MissingSecret('Please define a `secret`'))

    const untrusted = testConfig({ trustHost: false })
    await expectConfigurationAnswer(await Auth(new Request(`${ORIGIN}/auth/session`), untrusted))
    expect(untrusted.logger.error).toHaveBeenCalledWith(
      new UntrustedHost('Host must be trusted. URL was: https://authjs.test/auth/session'),
    )
  })
})
