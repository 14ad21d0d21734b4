/**
 * The `stores` option: resolved once per configuration, used by every limit and single-use check, and shared by
 * every configuration one binding makes. `NextAuth((req) => config)` and its kin build a configuration per request:
 * the default memory stores then belong to the binding (the function), not to each configuration object, so a limit
 * holds; a configuration given as an object has stores of its own.
 */
import '../next/next-runtime-globals.js'
import { Hono } from 'hono'
import { NextRequest } from 'next/server.js'
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { createAuth } from '../../src/create-auth.js'
import { ConfigError } from '../../src/errors.js'
import { authHandler, initAuthConfig } from '../../src/integrations/hono/index.js'
import { NextAuth, type NextAuthConfig } from '../../src/integrations/next/index.js'
import { SvelteKitAuth } from '../../src/integrations/sveltekit/index.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { MemoryStore } from '../../src/stores/memory-store.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar } from '../support/cookie-jar.js'
import { kitRequest } from '../sveltekit/kit-app.js'
import { emailConfig, ORIGIN, SAME_ORIGIN } from '../email/flow-harness.js'

type Handler = (request: Request) => Promise<Response>

/** Asks `handler` (mounted at `/auth`) for a sign-in link for `email`, as a browser would. */
async function requestLink(handler: Handler, email: string): Promise<void> {
  const jar = new CookieJar()
  const csrf = await handler(new Request(`${ORIGIN}/auth/csrf`))
  jar.take(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await handler(
    new Request(`${ORIGIN}/auth/signin/email`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, email }),
    }),
  )
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`)
}

/** Two links an hour per address: the third and fourth request send nothing. */
function perAddressTwo() {
  return emailConfig(MemoryAdapter(), {
    strategy: 'jwt',
    provider: { limits: { perAddress: { max: 2, windowMs: 60_000 } } },
  })
}

describe('a configuration built per request shares the default stores of its binding', () => {
  const bindings: Array<[string, (fresh: () => AuthConfig) => Handler]> = [
    [
      'Auth(request, fn)',
      (fresh) => {
        const fn = () => fresh()
        return (request) => Auth(request, fn)
      },
    ],
    [
      'NextAuth(fn)',
      (fresh) => {
        const { handlers } = NextAuth(() => ({ ...fresh(), basePath: '/auth' }) as NextAuthConfig)
        return (request) =>
          (request.method === 'POST' ? handlers.POST : handlers.GET)(new NextRequest(request))
      },
    ],
    [
      "Hono's initAuthConfig(fn)",
      (fresh) => {
        const app = new Hono()
        app.use(
          '*',
          initAuthConfig(() => fresh()),
        )
        app.use('/auth/*', authHandler())
        return async (request) => app.fetch(request)
      },
    ],
    [
      'SvelteKitAuth(fn)',
      (fresh) => {
        const { handle } = SvelteKitAuth(() => fresh())
        return async (request) => (await kitRequest(handle, {}, request)).response
      },
    ],
  ]

  it.each(bindings)('%s: the per-address limit holds across requests', async (_name, bind) => {
    const { config, mails } = perAddressTwo()
    const handler = bind(() => ({ ...config }))
    for (let i = 0; i < 4; i++) await requestLink(handler, 'per-request@example.com')
    expect(mails).toHaveLength(2)
  })
})

describe('one store per configuration', () => {
  it('two configuration objects count apart by default (each its own memory store)', async () => {
    const one = perAddressTwo()
    const two = perAddressTwo()
    for (let i = 0; i < 3; i++) await requestLink((r) => Auth(r, one.config), 'apart@example.com')
    for (let i = 0; i < 3; i++) await requestLink((r) => Auth(r, two.config), 'apart@example.com')
    expect(one.mails).toHaveLength(2)
    expect(two.mails).toHaveLength(2)
  })

  it('stores.limits given to two configurations is one limit; a provider’s own limits.store wins', async () => {
    const store = new MemoryStore()
    const one = perAddressTwo()
    const two = perAddressTwo()
    for (let i = 0; i < 2; i++)
      await requestLink((r) => Auth(r, { ...one.config, stores: { limits: store } }), 'shared@example.com')
    const twoConfig = { ...two.config, stores: { limits: store } }
    await requestLink((r) => Auth(r, twoConfig), 'shared@example.com')
    expect(one.mails).toHaveLength(2)
    expect(two.mails).toHaveLength(0)

    const own = new MemoryStore()
    const provider = {
      ...twoConfig.providers[0]!,
      limits: { store: own, perAddress: { max: 2, windowMs: 60_000 } },
    }
    const withOwn = { ...twoConfig, providers: [provider] } as AuthConfig
    await requestLink((r) => Auth(r, withOwn), 'shared@example.com')
    // The provider's own store has not counted this address yet: it is sent.
    expect(two.mails).toHaveLength(1)
  })

  it('every role missing is a memory store of the configuration; a given one is used as it is', () => {
    const logger = { error: () => {}, warn: () => {}, debug: () => {} }
    const base: AuthConfig = { providers: [], secret: 'x'.repeat(32), trustHost: true, logger }
    const none = resolveConfig(base, {})
    expect(none.stores.limits).toBeInstanceOf(MemoryStore)
    expect(none.stores.singleUse).toBe(none.stores.limits)
    expect(resolveConfig(base, {}).stores.limits).not.toBe(none.stores.limits)
    const store = new MemoryStore()
    const given = resolveConfig({ ...base, stores: { singleUse: store } }, {})
    expect(given.stores.singleUse).toBe(store)
    expect(given.stores.limits).not.toBe(store)
  })

  it('a stores option that cannot work is a configuration problem that says what to do', () => {
    const base: AuthConfig = { providers: [], secret: 'x'.repeat(32), trustHost: true }
    const problems = (stores: unknown) => {
      try {
        resolveConfig({ ...base, stores } as AuthConfig, {})
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as Error).message
      }
      return ''
    }
    expect(problems('redis')).toContain('stores (AuthError): is not an object.')
    expect(problems({ limits: {} })).toContain(
      'stores.limits (AuthError): has no `increment(key, windowMs)` and `reset(key)`. Give a RateLimitStore',
    )
    expect(problems({ singleUse: { increment: () => {} } })).toContain(
      'stores.singleUse (AuthError): has no `consume(key, ttlMs)`.',
    )
    expect(problems({ limit: new MemoryStore() })).toContain('stores.limit (AuthError): is not a store role.')
    expect(problems({ limits: new MemoryStore(), singleUse: new MemoryStore() })).toBe('')
  })

  it('createAuth resolves the stores once: the same objects serve every request', async () => {
    const { config, mails } = perAddressTwo()
    const { handlers } = createAuth(config)
    for (let i = 0; i < 3; i++) await requestLink(handlers.POST, 'once@example.com')
    expect(mails).toHaveLength(2)
  })
})
