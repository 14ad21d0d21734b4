import { Auth } from '@auth/core'
import { describe, expect, it } from 'vitest'
import type { CookiesOptions, CookiesOverrides } from '../types.js'
import { defaultCookies, mergeCookies } from './default-cookies.js'
import { serializeCookie } from './serialize-cookie.js'

const base = { httpOnly: true, sameSite: 'lax', path: '/' } as const

describe('defaultCookies', () => {
  it('returns the secure names and options of wire contract §1.7', () => {
    const secure = { ...base, secure: true }
    expect(defaultCookies(true)).toStrictEqual({
      sessionToken: { name: '__Secure-authjs.session-token', options: secure },
      callbackUrl: { name: '__Secure-authjs.callback-url', options: secure },
      csrfToken: { name: '__Host-authjs.csrf-token', options: secure },
      pkceCodeVerifier: { name: '__Secure-authjs.pkce.code_verifier', options: { ...secure, maxAge: 900 } },
      state: { name: '__Secure-authjs.state', options: { ...secure, maxAge: 900 } },
      nonce: { name: '__Secure-authjs.nonce', options: secure },
      webauthnChallenge: { name: '__Secure-authjs.challenge', options: { ...secure, maxAge: 900 } },
    })
  })

  it('returns the unprefixed names without Secure on plain HTTP', () => {
    const insecure = { ...base, secure: false }
    expect(defaultCookies(false)).toStrictEqual({
      sessionToken: { name: 'authjs.session-token', options: insecure },
      callbackUrl: { name: 'authjs.callback-url', options: insecure },
      csrfToken: { name: 'authjs.csrf-token', options: insecure },
      pkceCodeVerifier: { name: 'authjs.pkce.code_verifier', options: { ...insecure, maxAge: 900 } },
      state: { name: 'authjs.state', options: { ...insecure, maxAge: 900 } },
      nonce: { name: 'authjs.nonce', options: insecure },
      webauthnChallenge: { name: 'authjs.challenge', options: { ...insecure, maxAge: 900 } },
    })
  })

  it('returns new objects on every call', () => {
    const first = defaultCookies(true)
    const second = defaultCookies(true)
    expect(first.sessionToken.options).not.toBe(second.sessionToken.options)
    expect(first.sessionToken.options).not.toBe(first.callbackUrl.options)
  })

  it.each([
    ['https://example.com/auth/csrf', true],
    ['http://localhost/auth/csrf', false],
  ])('serializes the CSRF and callback cookies byte for byte as Auth.js (%s)', async (url, secure) => {
    const response = await Auth(new Request(url), { providers: [], secret: 'secret', trustHost: true })
    const [csrf, callbackUrl] = response.headers.getSetCookie()
    const cookies = defaultCookies(secure)
    const csrfValue = decodeURIComponent(csrf!.slice(csrf!.indexOf('=') + 1, csrf!.indexOf(';')))
    expect(csrf).toBe(serializeCookie(cookies.csrfToken.name, csrfValue, cookies.csrfToken.options))
    expect(callbackUrl).toBe(
      serializeCookie(cookies.callbackUrl.name, new URL(url).origin, cookies.callbackUrl.options),
    )
  })
})

describe('mergeCookies', () => {
  it('overrides names and options per cookie, keeping the other defaults', () => {
    const merged = mergeCookies(defaultCookies(true), {
      sessionToken: { name: 'my-session', options: { domain: 'example.com', sameSite: 'strict' } },
      state: { options: { sameSite: 'none' } },
    })
    expect(merged.sessionToken).toStrictEqual({
      name: 'my-session',
      options: { httpOnly: true, sameSite: 'strict', path: '/', secure: true, domain: 'example.com' },
    })
    expect(merged.state).toStrictEqual({
      name: '__Secure-authjs.state',
      options: { httpOnly: true, sameSite: 'none', path: '/', secure: true, maxAge: 900 },
    })
    expect(merged.csrfToken).toStrictEqual(defaultCookies(true).csrfToken)
  })

  it('never mutates its inputs and shares no objects with them', () => {
    const defaults = defaultCookies(false)
    const expires = new Date(Date.UTC(2030, 0, 1))
    const overrides: CookiesOverrides = { nonce: { options: { expires } }, sessionToken: { name: 'x' } }
    const before = structuredClone({ defaults, overrides })
    const merged = mergeCookies(deepFreeze(defaults), deepFreeze(overrides))
    expect({ defaults, overrides }).toStrictEqual(before)

    for (const key of Object.keys(merged) as (keyof CookiesOptions)[]) {
      expect(merged[key]).not.toBe(defaults[key])
      expect(merged[key].options).not.toBe(defaults[key].options)
    }
    expect(merged.nonce.options.expires).toStrictEqual(expires)
    expect(merged.nonce.options.expires).not.toBe(expires)
  })

  it('keeps an expires Date a Date (Auth.js turns it into {})', () => {
    const expires = new Date(Date.UTC(2030, 0, 1))
    const merged = mergeCookies(defaultCookies(true), { nonce: { options: { expires } } })
    expect(merged.nonce.options.expires).toBeInstanceOf(Date)
  })

  it('ignores undefined values and unknown keys', () => {
    const overrides = {
      sessionToken: { name: undefined, options: { path: undefined, maxAge: 60 } },
      unknownCookie: { name: 'x' },
    } as unknown as CookiesOverrides
    const merged = mergeCookies(defaultCookies(true), overrides)
    expect(merged.sessionToken.name).toBe('__Secure-authjs.session-token')
    expect(merged.sessionToken.options).toStrictEqual({ ...base, secure: true, maxAge: 60 })
    expect(Object.keys(merged)).toStrictEqual(Object.keys(defaultCookies(true)))
  })

  it('returns an equal copy without overrides', () => {
    const defaults = defaultCookies(true)
    const merged = mergeCookies(defaults, undefined)
    expect(merged).toStrictEqual(defaults)
    expect(merged).not.toBe(defaults)
  })
})

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}
