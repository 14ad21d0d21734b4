/** Configuration: validation in one error, environment inference, immutability, resolution once, host trust. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Auth } from '../../src/auth.js'
import { createAuth } from '../../src/create-auth.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { ConfigError, MissingSecret, MissingSecretError, UntrustedHost } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import type { CredentialsConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import {
  CookieJar,
  SECRET,
  aliceCredentials,
  baseConfig,
  getSession,
  rawRequest,
  recordingLogger,
  serveHandler,
  signIn,
  useServer,
} from './http-helpers.js'

const DEV = { NODE_ENV: 'development' }
const PROD = { NODE_ENV: 'production' }

function thrown(fn: () => unknown): ConfigError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected a throw')
}

describe('validation', () => {
  it('lists every problem in one error', () => {
    const noAuthorize = {
      id: 'pin',
      name: 'PIN',
      type: 'credentials',
      credentials: {},
    } as unknown as CredentialsConfig
    const error = thrown(() =>
      resolveConfig(
        {
          providers: [aliceCredentials(), aliceCredentials(), noAuthorize],
          session: { maxAge: -5 },
          logger: recordingLogger(),
        },
        PROD,
      ),
    )
    // Auth.js's classes first, in the order Auth.js checks them; Gatehouse's own after.
    expect(error.issues.map((i) => i.type)).toStrictEqual([
      'UntrustedHost',
      'MissingSecret',
      'MissingAuthorize',
      'AuthError',
      'AuthError',
    ])
    const problems = error.issues.map((i) => i.problem)
    expect(error.message).toContain('5 problems')
    for (const needle of [
      'secret',
      'host',
      'another provider has the id "credentials"',
      'authorize',
      'session.maxAge',
    ])
      expect(error.message).toContain(needle)
    for (const p of problems) expect(error.message).toContain(p)
  })

  it('a secret of the wrong type is named as such (not "no secret is set", not a TypeError)', () => {
    const messages = ([null, 123, ['ok-secret-of-some-length', ''], [42]] as unknown[]).map((secret) => {
      const config = { providers: [], trustHost: true, logger: recordingLogger(), secret } as AuthConfig
      try {
        resolveConfig(config, DEV)
        return 'resolved'
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`
      }
    })
    // `null` counts as unset (the environment is read); the others say what is wrong with the value.
    expect(messages[0]).toContain('no secret is set')
    expect(messages[1]).toContain('secret (AuthError): is a number, not a string or an array of strings')
    for (const m of messages.slice(2)) expect(m).toContain('has an entry that is not a non-empty string')
    for (const m of messages) expect(m).not.toMatch(/TypeError|Cannot read/)
  })

  it('MissingSecretError is logged in production, MissingSecret (not the production class) in development', async () => {
    const logged = async (env: Record<string, string>) => {
      const logger = recordingLogger()
      const config: AuthConfig = { providers: [], trustHost: true, logger }
      const { handlers } = createAuth(config, { env })
      expect((await handlers.GET(new Request('http://app.test/auth/session'))).status).toBe(500)
      return logger.errors.filter((e) => e instanceof MissingSecret)
    }
    const prod = await logged(PROD)
    expect(prod.length).toBeGreaterThan(0)
    for (const e of prod) expect(e).toBeInstanceOf(MissingSecretError)
    const dev = await logged(DEV)
    expect(dev.length).toBeGreaterThan(0)
    for (const e of dev) expect(e).not.toBeInstanceOf(MissingSecretError)
  })

  it('a short secret is accepted with a short-secret warning; a long one without', () => {
    const short = recordingLogger()
    resolveConfig({ providers: [], secret: 'short', trustHost: true, logger: short }, DEV)
    expect(short.warnings).toStrictEqual(['short-secret'])
    const long = recordingLogger()
    resolveConfig({ providers: [], secret: SECRET, trustHost: true, logger: long }, DEV)
    expect(long.warnings).toStrictEqual([])
  })

  it.each([
    ['updateAge above maxAge', { session: { maxAge: 60, updateAge: 120 } }, 'updateAge'],
    ['a fractional maxAge', { session: { maxAge: 1.5 } }, 'maxAge'],
    ['an unknown page', { pages: { home: '/' } as never }, 'pages.home'],
    ['a relative page without /', { pages: { signIn: 'login' } }, 'pages.signIn'],
    ['a basePath without /', { basePath: 'auth' }, 'basePath'],
    ['a non-function callback', { callbacks: { jwt: 'x' as never } }, 'callbacks.jwt'],
    ['a negative adapterTimeout', { adapterTimeout: -1 }, 'adapterTimeout'],
    ['a non-numeric adapterTimeout', { adapterTimeout: '5s' as never }, 'adapterTimeout'],
    ['an infinite adapterTimeout', { adapterTimeout: Infinity }, 'adapterTimeout'],
    ['a zero oauthTimeout', { oauthTimeout: 0 }, 'oauthTimeout'],
  ] as Array<[string, Partial<AuthConfig>, string]>)('rejects %s', (_name, extra, needle) => {
    const error = thrown(() => resolveConfig({ ...baseConfig(), ...extra }, DEV))
    expect(error.message).toContain(needle)
  })
})

describe('environment inference', () => {
  const base = (): AuthConfig => ({ providers: [], logger: recordingLogger() })

  it('AUTH_SECRET_1..n come first, highest number first, then AUTH_SECRET', () => {
    const config = resolveConfig(base(), {
      ...DEV,
      AUTH_SECRET: 'zero',
      AUTH_SECRET_1: 'one',
      AUTH_SECRET_2: 'two',
      AUTH_SECRET_10: 'ten',
    })
    expect(config.secrets).toStrictEqual(['ten', 'two', 'one', 'zero'])
  })

  it('an explicit secret wins over the environment', () => {
    expect(
      resolveConfig({ ...base(), secret: 'mine' }, { ...DEV, AUTH_SECRET: 'env' }).secrets,
    ).toStrictEqual(['mine'])
  })

  it('NEXTAUTH_SECRET and NEXTAUTH_URL are fallbacks', () => {
    const config = resolveConfig(base(), {
      ...PROD,
      NEXTAUTH_SECRET: 'legacy',
      NEXTAUTH_URL: 'https://legacy.example/api/auth',
    })
    expect(config.secrets).toStrictEqual(['legacy'])
    expect(config.authUrl?.origin).toBe('https://legacy.example')
    expect(config.basePath).toBe('/api/auth')
    const both = resolveConfig(base(), { ...DEV, AUTH_SECRET: 'new', NEXTAUTH_SECRET: 'legacy' })
    expect(both.secrets).toStrictEqual(['new'])
  })

  it('basePath comes from the AUTH_URL path, unless basePath is set', () => {
    expect(
      resolveConfig({ ...base(), secret: SECRET }, { ...PROD, AUTH_URL: 'https://app.example/api/auth/' })
        .basePath,
    ).toBe('/api/auth')
    expect(
      resolveConfig({ ...base(), secret: SECRET }, { ...PROD, AUTH_URL: 'https://app.example' }).basePath,
    ).toBe('/auth')
    expect(
      resolveConfig(
        { ...base(), secret: SECRET, basePath: '/id' },
        { ...PROD, AUTH_URL: 'https://app.example/api/auth' },
      ).basePath,
    ).toBe('/id')
  })

  it('AUTH_TRUST_HOST=false means false, even in development', () => {
    const error = thrown(() =>
      resolveConfig({ ...base(), secret: SECRET }, { ...DEV, AUTH_TRUST_HOST: 'false' }),
    )
    expect(error.issues.map((i) => i.type)).toStrictEqual(['UntrustedHost'])
    expect(resolveConfig({ ...base(), secret: SECRET }, { ...PROD, AUTH_TRUST_HOST: 'true' })).toBeDefined()
  })

  it('production without AUTH_URL or trustHost is untrusted; AUTH_URL makes it trusted', () => {
    expect(thrown(() => resolveConfig({ ...base(), secret: SECRET }, PROD)).issues[0]?.type).toBe(
      'UntrustedHost',
    )
    expect(
      resolveConfig({ ...base(), secret: SECRET }, { ...PROD, AUTH_URL: 'https://app.example' }).authUrl
        ?.href,
    ).toBe('https://app.example/')
  })
})

/** Freezes an object graph (functions excepted) so any write throws in strict-mode code. */
function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen)
  return Object.freeze(value)
}

describe('the user’s configuration is never mutated', () => {
  const frozen = deepFreeze(
    baseConfig({
      providers: [aliceCredentials()],
      pages: {},
      callbacks: { jwt: ({ token }) => token },
      events: {},
      cookies: { sessionToken: { options: { sameSite: 'lax' } } },
      theme: { brandColor: '#123456' },
      session: { maxAge: 3600, updateAge: 0 },
    }),
  )
  const snapshot = JSON.stringify(frozen)
  const server = useServer(frozen)

  it('a deep-frozen config serves a full sign-in, session and sign-out, and is unchanged after', async () => {
    expect(Object.isFrozen(frozen.providers[0])).toBe(true)
    const jar = new CookieJar()
    expect((await signIn(jar, server.origin)).status).toBe(302)
    expect((await getSession(jar, server.origin)).body).toMatchObject({ user: { name: 'Alice' } })
    expect((await fetch(`${server.origin}/auth/signin`)).status).toBe(200)
    expect(JSON.stringify(frozen)).toBe(snapshot)
    expect(frozen.basePath).toBeUndefined()
  })
})

describe('Auth resolves once per configuration object', () => {
  it('a provider function is called at resolution only, not per request', async () => {
    const factory = vi.fn(() => Credentials({ authorize: () => null }))
    const config: AuthConfig = { ...baseConfig(), providers: [factory] }
    const served = await serveHandler((request) => Auth(request, config))
    try {
      await fetch(`${served.origin}/auth/providers`)
      const afterFirst = factory.mock.calls.length
      expect(afterFirst).toBeGreaterThan(0)
      // One call to learn the id, one with the AUTH_{ID}_* values (as Auth.js does).
      expect(afterFirst).toBeLessThanOrEqual(2)
      for (let i = 0; i < 20; i++) await fetch(`${served.origin}/auth/${i % 2 ? 'session' : 'providers'}`)
      expect(factory.mock.calls.length).toBe(afterFirst)
    } finally {
      await served.close()
    }
  })
})

describe('warnings are logged once, at resolution', () => {
  const logger = recordingLogger()
  const server = useServer({ ...baseConfig({ logger }), secret: 'short-but-set' })

  it('a short secret warns once across many requests', async () => {
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.origin}/auth/session`)).status).toBe(200)
    expect(logger.warnings).toStrictEqual(['short-secret'])
  })
})

describe('host trust over HTTP', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  describe('trustHost false and no AUTH_URL', () => {
    const logger = recordingLogger()
    const server = useServer({ ...baseConfig({ logger }), trustHost: false })

    it('answers every API request with the 500 configuration JSON', async () => {
      vi.stubEnv('AUTH_URL', '')
      vi.stubEnv('NEXTAUTH_URL', '')
      for (const action of ['session', 'csrf', 'providers']) {
        const res = await fetch(`${server.origin}/auth/${action}`)
        expect(res.status, action).toBe(500)
        expect(await res.json()).toStrictEqual({
          message:
            'There was a problem with the server configuration. Check the server logs for more information.',
        })
      }
      const page = await fetch(`${server.origin}/auth/signin`)
      expect(page.status).toBe(500)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      expect(logger.errors.some((e) => e instanceof UntrustedHost)).toBe(true)
    })
  })

  describe('AUTH_URL set and a forged Host header', () => {
    const server = useServer({ ...baseConfig(), trustHost: false })

    it('no URL in any response follows the Host header', async () => {
      vi.stubEnv('AUTH_URL', 'https://public.example')
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil2.example',
        'x-forwarded-proto': 'http',
      }
      const providers = await rawRequest(server.origin, { path: '/auth/providers', headers: forged })
      expect(providers).toMatchObject({ status: 200 })
      const body = JSON.parse((providers as { body: string }).body) as Record<string, { signinUrl: string }>
      expect(body.credentials!.signinUrl).toBe('https://public.example/auth/signin/credentials')

      const page = await rawRequest(server.origin, { path: '/auth/signin', headers: forged })
      const redirect = await rawRequest(server.origin, {
        method: 'POST',
        path: '/auth/signin',
        headers: { ...forged, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'csrfToken=x',
      })
      const error = await rawRequest(server.origin, {
        path: '/auth/error?error=AccessDenied',
        headers: forged,
      })
      for (const res of [providers, page, redirect, error]) {
        expect('status' in res && res.status < 500).toBe(true)
        expect(JSON.stringify(res)).not.toMatch(/evil2?\.example|127\.0\.0\.1/)
      }
      expect((redirect as { headers: Record<string, unknown> }).headers.location).toBe(
        'https://public.example/auth/signin?error=MissingCSRF',
      )
      expect(JSON.stringify(page)).toContain('https://public.example/auth/callback/credentials')
    })
  })
})
