import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode } from '../../src/jwt/index.js'
import { jarFetch } from '../support/cookie-jar.js'
import { signIn } from './support/browser-flow.js'
import { SECRET, startRig, type Rig } from './support/rp-setup.js'

let rig: Rig
beforeAll(async () => {
  rig = await startRig()
})
afterAll(async () => {
  await rig?.close()
})

async function claimsOf(jar: { get(name: string): string | undefined }) {
  const token = jar.get('authjs.session-token')
  if (!token)
    throw new Error(
      `no session cookie; errors: ${rig.errors.map((e) => `${e.type}:${e.reason}:${e.message}`).join(' | ')}`,
    )
  return decode({ token, secret: SECRET, salt: 'authjs.session-token' })
}

describe('OAuth 2.0 and OIDC sign-in against a real OpenID provider', () => {
  it('OIDC with PKCE, state and nonce gives a session with a stable user id and clears the check cookies', async () => {
    const { callback, authorizeUrl, jar } = await signIn(rig.app.origin, 'op')
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy()
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy()
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid profile email')
    expect([...authorizeUrl.searchParams.keys()].slice(0, 3)).toEqual([
      'response_type',
      'client_id',
      'redirect_uri',
    ])
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe(`${rig.app.origin}/auth/session`)
    const claims = await claimsOf(jar)
    expect(claims?.email).toBe('alice@example.com')
    expect(claims?.name).toBe('Alice Liddell')
    expect(claims?.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const again = await signIn(rig.app.origin, 'op')
    expect((await claimsOf(again.jar))?.sub).toBe(claims?.sub)
    for (const name of ['authjs.pkce.code_verifier', 'authjs.state', 'authjs.nonce'])
      expect(jar.get(name)).toBeUndefined()
    const cleared = callback.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0/.test(c))
      .map((c) => c.split('=')[0])
    expect(cleared).toEqual(
      expect.arrayContaining(['authjs.pkce.code_verifier', 'authjs.state', 'authjs.nonce']),
    )
  })

  it('passes the query of the sign-in request to the authorization request, but never the protected ones', async () => {
    const { authorizeUrl } = await signIn(
      rig.app.origin,
      'op',
      '?prompt=login&login_hint=alice&response_type=token',
    )
    expect(authorizeUrl.searchParams.get('prompt')).toBe('login')
    expect(authorizeUrl.searchParams.get('login_hint')).toBe('alice')
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code')
  })

  it('sets encrypted check cookies {value, provider} valid 15 minutes (wire-contract §1.7)', async () => {
    const { startSignIn } = await import('./support/browser-flow.js')
    const { CookieJar } = await import('../support/cookie-jar.js')
    const jar = new CookieJar()
    const res = await startSignIn(jar, rig.app.origin, 'op')
    const cookies = res.headers.getSetCookie()
    const pkce = cookies.find((c) => c.startsWith('authjs.pkce.code_verifier='))!
    expect(pkce).toMatch(/Max-Age=900; Path=\/; Expires=.*; HttpOnly; SameSite=Lax/)
    const nonce = cookies.find((c) => c.startsWith('authjs.nonce='))!
    expect(nonce).not.toMatch(/Max-Age/)
    expect(nonce).toMatch(/Expires=/)
    const payload = await decode({
      token: jar.get('authjs.pkce.code_verifier')!,
      secret: SECRET,
      salt: 'authjs.pkce.code_verifier',
    })
    expect(payload).toMatchObject({ provider: 'op', value: expect.any(String) })
    const url = new URL(res.headers.get('location')!)
    const state = await decode({
      token: url.searchParams.get('state')!,
      secret: SECRET,
      salt: 'encodedState',
    })
    expect(state).toMatchObject({ random: expect.any(String) })
  })

  it('plain OAuth 2.0 reads the profile from the userinfo endpoint', async () => {
    const { callback, jar } = await signIn(rig.app.origin, 'plain')
    expect(callback.status).toBe(302)
    const claims = await claimsOf(jar)
    expect(claims?.email).toBe('alice@example.com')
    expect(claims?.name).toBe('Alice Liddell')
  })

  it('client_secret_basic sends the client credentials in the Authorization header', async () => {
    rig.op.tokenRequests.length = 0
    const { jar } = await signIn(rig.app.origin, 'op')
    await claimsOf(jar)
    const request = rig.op.tokenRequests.at(-1)!
    // RFC 6749 §2.3.1: id and secret are form-url-encoded before base64 ("-" becomes %2D, as Auth.js sends).
    expect(request.authorization).toBe(`Basic ${Buffer.from('rp:rp%2Dsecret').toString('base64')}`)
    expect(request.body).not.toContain('client_secret')
  })

  it('client_secret_post sends the client credentials in the body', async () => {
    rig.op.tokenRequests.length = 0
    const { jar } = await signIn(rig.app.origin, 'op-post')
    await claimsOf(jar)
    const request = rig.op.tokenRequests.at(-1)!
    expect(request.authorization).toBeUndefined()
    expect(new URLSearchParams(request.body).get('client_secret')).toBe('rp-post-secret')
  })

  it('private_key_jwt authenticates with a signed client assertion', async () => {
    rig.op.tokenRequests.length = 0
    const { jar } = await signIn(rig.app.origin, 'op-jwt')
    expect((await claimsOf(jar))?.email).toBe('alice@example.com')
    const body = new URLSearchParams(rig.op.tokenRequests.at(-1)!.body)
    expect(body.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
  })

  it('client_secret_jwt authenticates with an HS256 assertion keyed with the client secret', async () => {
    rig.op.tokenRequests.length = 0
    const { jar } = await signIn(rig.app.origin, 'op-hs')
    expect((await claimsOf(jar))?.email).toBe('alice@example.com')
    const request = rig.op.tokenRequests.at(-1)!
    const body = new URLSearchParams(request.body)
    expect(body.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
    const [header] = body.get('client_assertion')!.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' })
    // The secret itself never travels.
    expect(request.authorization).toBeUndefined()
    expect(request.body).not.toContain('rp-hs-secret')
  })

  it('client_secret_jwt with the wrong secret is refused by the provider: no session', async () => {
    const { callback, jar } = await signIn(rig.app.origin, 'op-hs-wrong')
    expect(callback.headers.get('location')).toBe(`${rig.app.origin}/auth/signin?error=OAuthCallbackError`)
    expect(rig.lastReason()).toBe('token:invalid_client')
    expect(jar.get('authjs.session-token')).toBeUndefined()
  })

  it('form_post: the provider posts the response, state and nonce cookies are SameSite=None; Secure', async () => {
    const result = await signIn(rig.app.origin, 'op-form')
    expect(result.authorizeUrl.searchParams.get('response_mode')).toBe('form_post')
    expect((await claimsOf(result.jar))?.email).toBe('alice@example.com')
  })

  it('form_post check cookies are cross-site', async () => {
    const { startSignIn } = await import('./support/browser-flow.js')
    const { CookieJar } = await import('../support/cookie-jar.js')
    const res = await startSignIn(new CookieJar(), rig.app.origin, 'op-form')
    const cookies = res.headers.getSetCookie()
    const state = cookies.find((c) => c.startsWith('authjs.state='))!
    expect(state).toMatch(/Max-Age=900/)
    expect(state).toMatch(/Secure/)
    expect(state).toMatch(/SameSite=None/)
    expect(cookies.find((c) => c.startsWith('authjs.pkce.code_verifier='))).toMatch(/SameSite=Lax/)
  })

  it('GET /providers lists the OAuth providers with their callback URLs', async () => {
    const { CookieJar } = await import('../support/cookie-jar.js')
    const res = await jarFetch(new CookieJar(), `${rig.app.origin}/auth/providers`)
    const body = (await res.json()) as Record<string, { type: string; callbackUrl: string }>
    expect(body['op']).toMatchObject({ type: 'oidc', callbackUrl: `${rig.app.origin}/auth/callback/op` })
    expect(body['plain']?.type).toBe('oauth')
  })
})
