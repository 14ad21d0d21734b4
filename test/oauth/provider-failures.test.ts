import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/config/resolve-config.js'
import type { AuthError } from '../../src/errors.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import { customFetch } from '../../src/symbols.js'
import { CookieJar, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { signIn, startSignIn } from './support/browser-flow.js'
import { startFakeIdp, type FakeIdp } from './support/fake-idp.js'
import { SECRET } from './support/rp-setup.js'

// Token-level forgeries come from a tiny fake IdP, since oidc-provider cannot be made to misbehave.
let idp: FakeIdp
let app: ServedAuth
let closedPort: number
const errors: AuthError[] = []
const insecureCalls: string[] = []
/** What the custom token request of provider `custom-token` does: ask the IdP, or replay a kept answer. */
const customToken: {
  replay: Record<string, unknown> | undefined
  last: Record<string, unknown> | undefined
} = {
  replay: undefined,
  last: undefined,
}

beforeAll(async () => {
  idp = await startFakeIdp('fake-client')
  // A port that was just free: connecting to it is refused.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  const base = {
    type: 'oidc' as const,
    clientId: 'fake-client',
    clientSecret: 's',
    checks: ['pkce', 'state', 'nonce'] as OAuthConfig['checks'],
  }
  app = await serveAuth({
    secret: SECRET,
    trustHost: true,
    logger: { error: (e) => errors.push(e as AuthError) },
    providers: [
      { ...base, id: 'fake', name: 'Fake', issuer: idp.issuer, timeout: 300 } as OAuthConfig,
      {
        id: 'fake-oauth',
        name: 'Fake OAuth',
        type: 'oauth',
        issuer: idp.issuer,
        clientId: 'fake-client',
        clientSecret: 's',
        authorization: `${idp.issuer}/authorize`,
        token: `${idp.issuer}/token`,
        userinfo: `${idp.issuer}/userinfo`,
        checks: ['pkce', 'state'],
      } as OAuthConfig,
      { ...base, id: 'tenants', name: 'Multi-tenant', issuer: `${idp.issuer}/common/v2.0` } as OAuthConfig,
      { ...base, id: 'down', name: 'Down', issuer: `http://127.0.0.1:${closedPort}` } as OAuthConfig,
      {
        ...base,
        id: 'custom-token',
        name: 'Custom token request',
        issuer: idp.issuer,
        token: {
          request: async ({ tokens }: { tokens: Record<string, unknown> }) => {
            if (customToken.replay) return { tokens: customToken.replay }
            const res = await fetch(`${idp.issuer}/token`, {
              method: 'POST',
              body: new URLSearchParams({ code: String(tokens['code']) }),
            })
            customToken.last = (await res.json()) as Record<string, unknown>
            return { tokens: customToken.last }
          },
        },
      } as OAuthConfig,
      {
        ...base,
        id: 'plain-http',
        name: 'Plain HTTP',
        issuer: idp.issuer,
        // A configured http: endpoint off loopback is refused when the configuration is resolved (test below); at
        // request time one can only come from discovery: this document names a plain-http token endpoint.
        [customFetch]: async (input: string | URL | Request, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : input)
          if (url.hostname === 'idp.example.test') {
            insecureCalls.push(url.href)
            return new Response('{}')
          }
          const res = await fetch(input, init)
          if (!url.pathname.endsWith('/.well-known/openid-configuration')) return res
          const document = (await res.json()) as Record<string, unknown>
          return Response.json({ ...document, token_endpoint: 'http://idp.example.test/token' })
        },
      } as OAuthConfig,
    ],
  })
})
afterAll(async () => {
  await app?.close()
  await idp?.close()
})
beforeEach(() => {
  errors.length = 0
  idp.mode.current = 'ok'
})

const lastReason = () => errors.at(-1)?.reason

describe('ID tokens and providers that misbehave', () => {
  it('accepts a well-formed ID token (control)', async () => {
    const { callback } = await signIn(app.origin, 'fake')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/session`)
  })

  it.each([
    ['wrong-iss', /iss/],
    ['wrong-aud', /aud/],
    ['expired', /exp|timestamp/i],
  ] as const)('refuses an ID token with %s', async (mode, message) => {
    idp.mode.current = mode
    const { callback, jar } = await signIn(app.origin, 'fake')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(errors.at(-1)?.type).toBe('OAuthCallbackError')
    expect(lastReason()).toMatch(/^token_invalid|^id_token_invalid/)
    expect(errors.at(-1)?.message).toMatch(message)
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('a custom token.request on an OIDC provider: its ID token is checked like any other (control)', async () => {
    customToken.replay = undefined
    const { callback } = await signIn(app.origin, 'custom-token')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/session`)
  })

  it('a custom token.request cannot skip the nonce check: an ID token of another sign-in is refused', async () => {
    customToken.replay = undefined
    await signIn(app.origin, 'custom-token')
    // The attacker's sign-in: the custom request answers the ID token (and nonce) of the earlier one.
    customToken.replay = customToken.last
    try {
      const { callback, jar } = await signIn(app.origin, 'custom-token')
      expect(callback.headers.get('location')).toMatch(/\/auth\/error\?error=Configuration/)
      expect(lastReason()).toBe('nonce_mismatch')
      expect(jar.get('authjs.session-token')).toBeUndefined()
    } finally {
      customToken.replay = undefined
    }
  })

  it('a custom token.request on an OIDC provider that returns no ID token fails closed', async () => {
    customToken.replay = { access_token: 'a', token_type: 'Bearer' }
    try {
      const { callback, jar } = await signIn(app.origin, 'custom-token')
      expect(callback.headers.get('location')).toMatch(/error=/)
      expect(jar.get('authjs.session-token')).toBeUndefined()
    } finally {
      customToken.replay = undefined
    }
  })

  it('refuses an ID token with a bad signature', async () => {
    idp.mode.current = 'bad-signature'
    const { callback, jar } = await signIn(app.origin, 'fake')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(lastReason()).toBe('id_token_invalid')
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('refetches the key set when an ID token names a new key', async () => {
    // Warm the cache with the old key set first, then sign with a key published only afterwards.
    await signIn(app.origin, 'fake')
    idp.mode.current = 'rotated-key'
    const { callback } = await signIn(app.origin, 'fake')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/session`)
  })

  it('accepts a multi-tenant ID token whose iss is the tenant named by its tid (Entra common endpoint)', async () => {
    idp.mode.current = 'tenant'
    const { callback } = await signIn(app.origin, 'tenants')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/session`)
  })

  it('refuses a multi-tenant ID token whose iss is not the tenant named by its tid', async () => {
    idp.mode.current = 'tenant-mismatch'
    const { callback, jar } = await signIn(app.origin, 'tenants')
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(errors.at(-1)?.message).toMatch(/iss/)
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('refuses userinfo that is not JSON', async () => {
    idp.mode.current = 'userinfo-not-json'
    const { callback, jar } = await signIn(app.origin, 'fake-oauth')
    expect(callback.headers.get('location')).toMatch(/error=/)
    expect(errors.at(-1)?.type).toBe('OAuthCallbackError')
    expect(lastReason()).toBe('userinfo_not_json')
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('answers fast when the token endpoint hangs (timeout, no hanging request)', async () => {
    idp.mode.current = 'slow-token'
    const started = Date.now()
    const { callback } = await signIn(app.origin, 'fake')
    expect(Date.now() - started).toBeLessThan(3000)
    expect(callback.headers.get('location')).toBe(`${app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(lastReason()).toBe('provider_timeout')
  })

  it('answers with OAuthSignInError when the provider is down (connection refused)', async () => {
    const res = await startSignIn(new CookieJar(), app.origin, 'down')
    expect(res.headers.get('location')).toMatch(/error=/)
    expect(errors.at(-1)?.type).toBe('OAuthSignInError')
    expect(lastReason()).toBe('provider_unreachable')
  })

  it('refuses a foreign iss even when the provider does not advertise RFC 9207 support (mix-up)', async () => {
    // The fake IdP's metadata lacks authorization_response_iss_parameter_supported, so an `iss` is optional there:
    // one that is present must still be the provider's (RFC 9207 §2.4), never dropped.
    const jar = new CookieJar()
    const start = await startSignIn(jar, app.origin, 'fake')
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const url = new URL(`${app.origin}/auth/callback/fake`)
    url.search = new URLSearchParams({ code: 'code-x', state, iss: 'https://evil.example' }).toString()
    const res = await jarFetch(jar, url.href)
    expect(res.headers.get('location')).toMatch(/error=Configuration&code=bad_request$/)
    expect(lastReason()).toBe('iss_mismatch')
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('clears the check cookies when the callback fails before the checks (discovery down on another instance)', async () => {
    // Two instances share the secret; the one that gets the callback cannot reach the provider's discovery.
    const cold = await serveAuth({
      secret: SECRET,
      trustHost: true,
      logger: { error: (e) => errors.push(e as AuthError) },
      providers: [
        {
          id: 'fake',
          name: 'Fake',
          type: 'oidc',
          issuer: idp.issuer,
          clientId: 'fake-client',
          clientSecret: 's',
          checks: ['pkce', 'state', 'nonce'],
          [customFetch]: () => Promise.reject(new TypeError('fetch failed')),
        } as OAuthConfig,
      ],
    })
    try {
      const jar = new CookieJar()
      const start = await startSignIn(jar, app.origin, 'fake')
      const state = new URL(start.headers.get('location')!).searchParams.get('state')!
      const res = await jarFetch(jar, `${cold.origin}/auth/callback/fake?code=c&state=${state}`)
      expect(res.headers.get('location')).toMatch(/error=/)
      expect(lastReason()).toBe('provider_unreachable')
      const cleared = res.headers
        .getSetCookie()
        .filter((c) => /Max-Age=0/.test(c))
        .map((c) => c.split('=')[0])
      expect(cleared.sort()).toEqual(['authjs.nonce', 'authjs.pkce.code_verifier', 'authjs.state'])
    } finally {
      await cold.close()
    }
  })

  it('refuses a discovered http: token endpoint off loopback at request time, before sending anything', async () => {
    const { callback } = await signIn(app.origin, 'plain-http')
    expect(callback.headers.get('location')).toMatch(/error=/)
    expect(lastReason()).toBe('insecure_endpoint')
    expect(insecureCalls).toEqual([])
  })

  it('refuses an http: endpoint on a host that is not loopback when the configuration is resolved, before sending anything', () => {
    const plainHttp = {
      id: 'plain-http',
      name: 'Plain HTTP',
      type: 'oidc',
      clientId: 'fake-client',
      clientSecret: 's',
      issuer: 'http://idp.example.test',
      [customFetch]: (input: string | URL | Request) => {
        insecureCalls.push(input instanceof Request ? input.url : input.toString())
        return Promise.resolve(new Response('{}'))
      },
    } as OAuthConfig
    expect(() => resolveConfig({ secret: SECRET, trustHost: true, providers: [plainHttp] }, {})).toThrow(
      /plain-http.*wellKnown.*must use https/s,
    )
    expect(insecureCalls).toEqual([])
  })
})
