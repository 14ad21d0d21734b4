/**
 * The WebAuthn provider object has the members of Auth.js's (`getRelayingParty`, `getUserInfo`, `simpleWebAuthn`,
 * …), so code written against `@auth/core/providers/webauthn` finds them, and the flow honours the hooks.
 */
import AuthJsWebAuthn from '@auth/core/providers/webauthn'
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { Auth } from '../../src/auth.js'
import { MissingAdapter } from '../../src/errors.js'
import type { WebAuthnUserInfoOptions, WebAuthnUserInfoRequest } from '../../src/providers/provider-types.js'
import WebAuthn, { getRelayingParty, getUserInfo } from '../../src/providers/webauthn.js'
import { CookieJar, ORIGIN, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

const url = new URL('https://myapp.com:3000/auth')
const request = (query: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', body?: object) =>
  ({
    method,
    query,
    body,
    headers: new Headers(),
    cookies: {},
    url: new URL('https://myapp.com:3000/auth/webauthn-options/webauthn'),
  }) as WebAuthnUserInfoRequest

/** The options object Auth.js hands the hooks, for `provider`. */
function hookOptions(provider = WebAuthn(), adapter = MemoryAdapter()): WebAuthnUserInfoOptions {
  return { provider, adapter, url }
}

describe('WebAuthn() members', () => {
  it('has every member of the provider object of @auth/core 0.41.3, of the same kind', () => {
    const ours = WebAuthn() as unknown as Record<string, unknown>
    const theirs = AuthJsWebAuthn({}) as unknown as Record<string, unknown>
    for (const [key, value] of Object.entries(theirs)) {
      expect(ours, key).toHaveProperty(key)
      expect(typeof ours[key], key).toBe(key === 'simpleWebAuthnBrowserVersion' ? 'boolean' : typeof value)
    }
    const simple = (ours.simpleWebAuthn ?? {}) as Record<string, unknown>
    expect(Object.keys(simple).sort()).toEqual(Object.keys(theirs.simpleWebAuthn as object).sort())
    expect(Object.values(simple).every((fn) => typeof fn === 'function')).toBe(true)
  })

  it('keeps the other three simpleWebAuthn functions when one is replaced, and they work', async () => {
    const verifyAuthenticationResponse = () => Promise.reject(new Error('mine'))
    const provider = WebAuthn({ simpleWebAuthn: { verifyAuthenticationResponse } })
    expect(provider.simpleWebAuthn.verifyAuthenticationResponse).toBe(verifyAuthenticationResponse)
    const options = await provider.simpleWebAuthn.generateAuthenticationOptions({ rpID: 'myapp.com' })
    expect(options.rpId).toBe('myapp.com')
    expect(typeof options.challenge).toBe('string')
  })

  it('keeps hooks given, and the defaults for hooks given as undefined', () => {
    const mine = () => ({ id: 'a', name: 'b', origin: 'https://a' })
    expect(WebAuthn({ getRelayingParty: mine }).getRelayingParty).toBe(mine)
    expect(WebAuthn({ getRelayingParty: undefined } as never).getRelayingParty).toBe(getRelayingParty)
    expect(WebAuthn({ getUserInfo: undefined } as never).getUserInfo).toBe(getUserInfo)
  })
})

describe('the default getRelayingParty', () => {
  it.each([
    [{}, { id: 'myapp.com', name: 'myapp.com:3000', origin: 'https://myapp.com:3000' }],
    [
      { id: 'my-id', name: 'My RP', origin: 'https://custom.com' },
      { id: 'my-id', name: 'My RP', origin: 'https://custom.com' },
    ],
    [
      { id: 'my-id', origin: 'https://custom.com' },
      { id: 'my-id', name: 'myapp.com:3000', origin: 'https://custom.com' },
    ],
    [
      {
        id: ['other-id', 'my-id'],
        name: ['Other', 'Mine'],
        origin: ['https://other.com', 'https://custom.com'],
      },
      { id: 'other-id', name: 'Other', origin: 'https://other.com' },
    ],
  ])('answers %j as Auth.js does', (relayingParty, expected) => {
    const ours = WebAuthn({ relayingParty })
    const theirs = AuthJsWebAuthn({ relayingParty })
    expect(ours.getRelayingParty(hookOptions(ours), request())).toEqual(expected)
    expect(theirs.getRelayingParty({ provider: theirs, url } as never, {})).toEqual(expected)
  })

  it('names the RP ID the host belongs to and the origin of the request, where several are listed', () => {
    const provider = WebAuthn({
      relyingParty: {
        id: ['other.com', 'myapp.com'],
        origin: ['https://other.com', 'https://myapp.com:3000'],
      },
    })
    expect(provider.getRelayingParty(hookOptions(provider), request())).toMatchObject({
      id: 'myapp.com',
      origin: 'https://myapp.com:3000',
    })
  })
})

describe('the default getUserInfo', () => {
  it('looks the address up: a known user, a new one, or nobody', async () => {
    const adapter = MemoryAdapter()
    const ann = await adapter.createUser({ id: 'u1', email: 'ann@example.com', emailVerified: null })
    const options = hookOptions(WebAuthn(), adapter)
    await expect(getUserInfo(options, request({ email: 'ann@example.com' }))).resolves.toEqual({
      user: ann,
      exists: true,
    })
    await expect(getUserInfo(options, request({}, 'POST', { email: 'bo@example.com' }))).resolves.toEqual({
      user: { email: 'bo@example.com' },
      exists: false,
    })
    await expect(getUserInfo(options, request({ email: ' ' }))).resolves.toBeNull()
    await expect(getUserInfo(options, request())).resolves.toBeNull()
  })

  it('needs an adapter, as Auth.js says', async () => {
    const options = { ...hookOptions(), adapter: undefined } as unknown as WebAuthnUserInfoOptions
    await expect(getUserInfo(options, request({ email: 'a@example.com' }))).rejects.toBeInstanceOf(
      MissingAdapter,
    )
  })
})

describe('a getRelayingParty of the application', () => {
  const custom = (origin: string) =>
    WebAuthn({
      getRelayingParty: (options, req) => ({
        id: options.url.hostname,
        name: `Custom for ${req.url.pathname}`,
        origin,
      }),
    })

  it('names the relying party of the options, and its origin is the one a response must come from', async () => {
    const h = webauthnHarness({ adapter: MemoryAdapter(), provider: custom(ORIGIN) })
    const jar = new CookieJar()
    const reg = await h.optionsFor(jar, { action: 'register', email: 'ann@example.com' })
    expect(reg.status).toBe(200)
    expect(reg.body.options.rp).toEqual({
      id: 'app.test',
      name: 'Custom for /auth/webauthn-options/webauthn',
    })
    const done = await h.ceremony(new CookieJar(), softwareAuthenticator(), {
      action: 'register',
      email: 'bo@example.com',
    })
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).not.toContain('error')
  })

  it('refuses a response from an origin it does not name, even one the request came from', async () => {
    const h = webauthnHarness({ adapter: MemoryAdapter(), provider: custom('https://elsewhere.example') })
    const done = await h.ceremony(new CookieJar(), softwareAuthenticator(), {
      action: 'register',
      email: 'ann@example.com',
    })
    expect(done.headers.get('location')).toContain('error=')
    expect(h.logger.errors.map((e) => e.message).join('\n')).toMatch(/origin/i)
  })

  it('is a server error when it answers something other than { id, name, origin }', async () => {
    const provider = WebAuthn({ getRelayingParty: () => ({ id: 'app.test' }) as never })
    const h = webauthnHarness({ adapter: MemoryAdapter(), provider })
    const query = new URLSearchParams({ action: 'register', email: 'ann@example.com' })
    const res = await Auth(new Request(`${ORIGIN}/auth/webauthn-options/webauthn?${query}`), h.config)
    // A fault of the application's code: Configuration, without `code=bad_request` (the error page answers 500).
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/error?error=Configuration`)
    expect(h.logger.errors.map((e) => `${e.message} ${String(e.cause)}`).join('\n')).toMatch(
      /getRelayingParty/,
    )
  })

  it('is refused up front when it is not a function', async () => {
    const provider = WebAuthn({ getRelayingParty: 'app.test' as never })
    const h = webauthnHarness({ adapter: MemoryAdapter(), provider })
    const res = await h.optionsFor(new CookieJar(), { action: 'register', email: 'ann@example.com' })
    expect(res.status).toBe(500)
    expect(h.logger.errors.map((e) => e.message).join('\n')).toMatch(/getRelayingParty/)
  })
})
