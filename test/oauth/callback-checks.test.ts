import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode } from '../../src/jwt/index.js'
import { CookieJar, jarFetch } from '../support/cookie-jar.js'
import { reachCallback, startSignIn } from './support/browser-flow.js'
import { SECRET, startRig, type Rig } from './support/rp-setup.js'

// One negative test per security check of the callback (RFC 9700 §2.1, §4.4, §4.5, §4.7).
let rig: Rig
beforeAll(async () => {
  rig = await startRig()
})
afterAll(async () => {
  await rig?.close()
})

// Still `error=Configuration` for clients (wire-contract §1.4); `code=bad_request` makes the page a 4xx (#14).
const CONFIG_ERROR = /\/auth\/error\?error=Configuration&code=bad_request$/

async function callbackWith(jar: CookieJar, url: URL): Promise<Response> {
  rig.errors.length = 0
  return jarFetch(jar, url.href)
}

function expectNoSession(jar: CookieJar): void {
  expect(jar.get('authjs.session-token')).toBeUndefined()
}

describe('callback checks, each refused on its own', () => {
  it('refuses a callback without state', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
    callbackUrl.searchParams.delete('state')
    const res = await callbackWith(jar, callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.errors.at(-1)?.type).toBe('InvalidCheck')
    expect(rig.lastReason()).toBe('state_missing')
    expectNoSession(jar)
  })

  it('refuses a tampered state', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
    const state = callbackUrl.searchParams.get('state')!
    callbackUrl.searchParams.set('state', `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`)
    const res = await callbackWith(jar, callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toBe('state_mismatch')
    expectNoSession(jar)
  })

  it("refuses the state of another browser's sign-in (login CSRF)", async () => {
    const victim = await reachCallback(rig.app.origin, 'op')
    const attacker = await reachCallback(rig.app.origin, 'op')
    const res = await callbackWith(victim.jar, attacker.callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toBe('state_mismatch')
    expectNoSession(victim.jar)
  })

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    const a = await reachCallback(rig.app.origin, 'op')
    const b = await reachCallback(rig.app.origin, 'op')
    a.jar.values.set('authjs.pkce.code_verifier', b.jar.values.get('authjs.pkce.code_verifier')!)
    rig.op.tokenRequests.length = 0
    const res = await callbackWith(a.jar, a.callbackUrl)
    expect(res.headers.get('location')).toMatch(/\/auth\/signin\?error=OAuthCallbackError$/)
    expect(rig.lastReason()).toBe('token:invalid_grant')
    // The refusal must come from the verifier this browser's cookie holds, not from a grant sent without one.
    const sent = new URLSearchParams(rig.op.tokenRequests.at(-1)?.body).get('code_verifier')
    const cookie = await decode({
      token: b.jar.get('authjs.pkce.code_verifier')!,
      secret: SECRET,
      salt: 'authjs.pkce.code_verifier',
    })
    expect(sent).toBe(cookie?.['value'])
    expectNoSession(a.jar)
  })

  it('refuses an ID token whose nonce is not the one of this browser', async () => {
    const a = await reachCallback(rig.app.origin, 'op')
    const b = await reachCallback(rig.app.origin, 'op')
    a.jar.values.set('authjs.nonce', b.jar.values.get('authjs.nonce')!)
    const res = await callbackWith(a.jar, a.callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.errors.at(-1)?.type).toBe('InvalidCheck')
    expect(rig.lastReason()).toBe('nonce_mismatch')
    expectNoSession(a.jar)
  })

  it('refuses a replayed authorization code', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
    const saved = new Map(jar.values)
    const first = await callbackWith(jar, callbackUrl)
    expect(first.headers.get('location')).toBe(`${rig.app.origin}/auth/session`)
    const replay = new CookieJar()
    for (const [k, v] of saved) replay.values.set(k, v)
    const res = await callbackWith(replay, callbackUrl)
    expect(res.headers.get('location')).toMatch(/error=OAuthCallbackError$/)
    expect(rig.lastReason()).toBe('token:invalid_grant')
    expectNoSession(replay)
  })

  it('refuses an iss parameter of another provider (mix-up, RFC 9207)', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
    callbackUrl.searchParams.set('iss', 'https://other-idp.example')
    const res = await callbackWith(jar, callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toBe('iss_mismatch')
    expectNoSession(jar)
  })

  it('refuses check cookies made for another provider', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op-b')
    const res = await callbackWith(jar, new URL(`${rig.app.origin}/auth/callback/op${callbackUrl.search}`))
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toBe('state_cookie_provider')
    expectNoSession(jar)
  })

  it('turns error=access_denied into OAuthCallbackError and still clears the check cookies', async () => {
    const jar = new CookieJar()
    const start = await startSignIn(jar, rig.app.origin, 'op')
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const url = new URL(`${rig.app.origin}/auth/callback/op`)
    url.search = new URLSearchParams({ error: 'access_denied', state, iss: rig.op.issuer }).toString()
    const res = await callbackWith(jar, url)
    expect(res.headers.get('location')).toBe(`${rig.app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(rig.lastReason()).toBe('provider_error:access_denied')
    const cleared = res.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0/.test(c))
      .map((c) => c.split('=')[0])
    expect(cleared).toEqual(
      expect.arrayContaining(['authjs.pkce.code_verifier', 'authjs.state', 'authjs.nonce']),
    )
    expect(jar.get('authjs.state')).toBeUndefined()
  })

  it('refuses a tampered check cookie', async () => {
    const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
    const verifier = jar.values.get('authjs.pkce.code_verifier')!
    jar.values.set('authjs.pkce.code_verifier', `${verifier.slice(0, -4)}AAAA`)
    const res = await callbackWith(jar, callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toBe('pkce_cookie_invalid')
    expectNoSession(jar)
  })

  it('refuses a callback whose check cookies are missing', async () => {
    const { callbackUrl } = await reachCallback(rig.app.origin, 'op')
    const res = await callbackWith(new CookieJar(), callbackUrl)
    expect(res.headers.get('location')).toMatch(CONFIG_ERROR)
    expect(rig.lastReason()).toMatch(/_cookie_missing$/)
  })
})
