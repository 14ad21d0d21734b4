/**
 * Auth.js's idioms, accepted as Auth.js accepts them: an uncalled preset (`providers: [GitHub]`) with its client id
 * and secret from `AUTH_GITHUB_ID` / `AUTH_GITHUB_SECRET`, and `createAuth` with a configuration function of the
 * request (as `Auth`, `NextAuth` and `SvelteKitAuth` take). Their types are checked in
 * `test/providers/uncalled-presets.test-d.ts`.
 */
import { describe, expect, it, vi } from 'vitest'
import { Auth } from '../../src/auth.js'
import { createAuth } from '../../src/create-auth.js'
import { ConfigError } from '../../src/errors.js'
import Credentials from '../../src/providers/credentials.js'
import GitHub from '../../src/providers/github.js'
import type { AuthConfig } from '../../src/types.js'
import { recordingLogger, SECRET } from './http-helpers.js'

const ORIGIN = 'https://app.test'
const CONFIG_MESSAGE =
  'There was a problem with the server configuration. Check the server logs for more information.'

/** Starts a sign-in with `provider` through the handlers: the CSRF token and cookie first, then the POST. */
async function startSignIn(
  handle: (request: Request) => Promise<Response>,
  provider: string,
): Promise<Response> {
  const csrf = await handle(new Request(`${ORIGIN}/auth/csrf`))
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return handle(
    new Request(`${ORIGIN}/auth/signin/${provider}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken }),
    }),
  )
}

describe('an uncalled preset, as in Auth.js', () => {
  it('takes its client id and secret from AUTH_GITHUB_ID and AUTH_GITHUB_SECRET', async () => {
    const { handlers } = createAuth(
      { providers: [GitHub], secret: SECRET, trustHost: true, logger: recordingLogger() },
      { env: { AUTH_GITHUB_ID: 'gh-client-id', AUTH_GITHUB_SECRET: 'gh-client-secret' } },
    )
    const providers = (await (await handlers.GET(new Request(`${ORIGIN}/auth/providers`))).json()) as Record<
      string,
      { id: string; name: string; type: string }
    >
    expect(providers['github']).toMatchObject({ id: 'github', name: 'GitHub', type: 'oauth' })
    const response = await startSignIn(handlers.POST, 'github')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize')
    expect(location.searchParams.get('client_id')).toBe('gh-client-id')
  })

  it('without the variables, is a configuration error naming them (never a sign-in with client_id=)', async () => {
    const logger = recordingLogger()
    const { handlers } = createAuth(
      { providers: [GitHub], secret: SECRET, trustHost: true, logger },
      { env: {} },
    )
    const configError = logger.errors.find((e): e is ConfigError => e instanceof ConfigError)
    expect(configError?.issues).toMatchObject([
      {
        option: 'providers[0] (github).clientId',
        fix: expect.stringMatching(/^Set AUTH_GITHUB_ID and AUTH_GITHUB_SECRET /),
      },
      {
        option: 'providers[0] (github).clientSecret',
        fix: expect.stringMatching(/^Set AUTH_GITHUB_SECRET /),
      },
    ])
    const response = await startSignIn(handlers.POST, 'github')
    expect(response.status).toBe(500)
    expect(await response.json()).toStrictEqual({ message: CONFIG_MESSAGE })
  })

  it('a called preset keeps its own options over the environment', async () => {
    const { handlers } = createAuth(
      {
        providers: [GitHub({ clientId: 'own-id' })],
        secret: SECRET,
        trustHost: true,
        logger: recordingLogger(),
      },
      { env: { AUTH_GITHUB_ID: 'env-id', AUTH_GITHUB_SECRET: 'env-secret' } },
    )
    const location = new URL((await startSignIn(handlers.POST, 'github')).headers.get('location')!)
    expect(location.searchParams.get('client_id')).toBe('own-id')
  })
})

describe('createAuth with a configuration function of the request', () => {
  const base = (extra: Partial<AuthConfig> = {}): AuthConfig => ({
    providers: [Credentials({ authorize: () => null })],
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger(),
    ...extra,
  })

  it('is called with each request and answers with the configuration it returns', async () => {
    const config = base()
    const fn = vi.fn((_request: Request) => config)
    const { handlers, auth, getSession, handleRaw } = createAuth(fn)
    const providers = await handlers.GET(new Request(`${ORIGIN}/auth/providers`))
    expect(providers.status).toBe(200)
    expect(Object.keys((await providers.json()) as object)).toStrictEqual(['credentials'])
    expect(fn.mock.calls[0]![0].url).toBe(`${ORIGIN}/auth/providers`)
    expect(await auth(new Request(`${ORIGIN}/`))).toBeNull()
    expect((await getSession(new Request(`${ORIGIN}/`))).session).toBeNull()
    expect((await handleRaw(new Request(`${ORIGIN}/auth/csrf`))).status ?? 200).toBe(200)
    expect(fn).toHaveBeenCalledTimes(4)
  })

  it('resolves each configuration object it returns once, and may return another per request', async () => {
    const loggers = { a: recordingLogger(), b: recordingLogger() }
    // A short secret warns once per resolution: the count says how often each object was resolved.
    const configs = {
      a: base({ basePath: '/a', secret: 'short-a', logger: loggers.a }),
      b: base({ basePath: '/b', secret: 'short-b', logger: loggers.b }),
    }
    const { handlers } = createAuth(async (request) =>
      Promise.resolve(new URL(request.url).pathname.startsWith('/a/') ? configs.a : configs.b),
    )
    for (let i = 0; i < 3; i++) {
      expect((await handlers.GET(new Request(`${ORIGIN}/a/session`))).status).toBe(200)
      expect((await handlers.GET(new Request(`${ORIGIN}/b/session`))).status).toBe(200)
    }
    expect(loggers.a.warnings).toStrictEqual(['short-secret'])
    expect(loggers.b.warnings).toStrictEqual(['short-secret'])
    // The user's objects are not written (`raw` and defaults are applied to copies).
    expect(configs.a.raw).toBeUndefined()
    expect(Object.keys(configs.a)).toStrictEqual(['providers', 'secret', 'trustHost', 'logger', 'basePath'])
  })

  it('a broken configuration it returns answers 500 and is logged as any broken configuration', async () => {
    const logger = recordingLogger()
    const { handlers } = createAuth(() => base({ secret: undefined, logger }), { env: {} })
    const response = await handlers.GET(new Request(`${ORIGIN}/auth/session`))
    expect(response.status).toBe(500)
    expect(await response.json()).toStrictEqual({ message: CONFIG_MESSAGE })
    expect(logger.errors.some((e) => e instanceof ConfigError)).toBe(true)
  })

  it('a function that throws answers 500, never an exception, and is logged once', async () => {
    const lines: string[] = []
    const spy = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')))
    try {
      const { handlers, auth } = createAuth(() => {
        throw new Error('the tenant database is down')
      })
      for (let i = 0; i < 2; i++) {
        const response = await handlers.GET(new Request(`${ORIGIN}/auth/session`))
        expect(response.status).toBe(500)
        expect(await response.json()).toStrictEqual({ message: CONFIG_MESSAGE })
      }
      expect(await auth(new Request(`${ORIGIN}/`))).toBeNull()
      expect(lines.filter((l) => l.includes('[gatehouse][stack]'))).toHaveLength(1)
      expect(
        lines.filter((l) => l.includes('The configuration cannot be used: the tenant database is down')),
      ).toHaveLength(2)
    } finally {
      spy.mockRestore()
    }
  })

  it('Auth with a configuration function that throws answers 500 too', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await Auth(new Request(`${ORIGIN}/auth/session`), () => {
        throw new Error('no configuration for this host')
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toStrictEqual({ message: CONFIG_MESSAGE })
    } finally {
      spy.mockRestore()
    }
  })
})
