import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode, encode } from '../../src/jwt/index.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { followProvider, startSignIn } from './support/browser-flow.js'
import { SECRET } from './support/rp-setup.js'
import { startOp, type RunningOp } from './support/start-op.js'

// A preview deployment signs in through a stable "proxy" deployment registered at the provider (spec §2.8).
let op: RunningOp
let proxy: ServedAuth
let preview: ServedAuth

beforeAll(async () => {
  const holder: { proxy?: ServedAuth } = {}
  op = await startOp(() => [
    {
      client_id: 'rp',
      client_secret: 'rp-secret',
      redirect_uris: [`${holder.proxy!.origin}/auth/callback/op`],
    },
  ])
  const config = (proxyUrl: () => string, allowed: string[] = []): AuthConfig => ({
    secret: SECRET,
    trustHost: true,
    redirectProxyAllowedOrigins: allowed,
    logger: { error: () => {} },
    providers: [
      {
        id: 'op',
        name: 'OP',
        type: 'oidc',
        issuer: op.issuer,
        clientId: 'rp',
        clientSecret: 'rp-secret',
        get redirectProxyUrl() {
          return proxyUrl()
        },
      },
    ],
  })
  // The preview's port is only known once it listens; the proxy reads its allow-list lazily through this holder.
  const allowed: string[] = []
  proxy = await serveAuth(() => config(() => `${holder.proxy!.origin}/auth`, allowed))
  holder.proxy = proxy
  preview = await serveAuth(config(() => `${proxy.origin}/auth`))
  allowed.push(preview.origin)
})
afterAll(async () => {
  await preview?.close()
  await proxy?.close()
  await op?.close()
})

describe('redirectProxyUrl', () => {
  it('sends the provider to the proxy, which forwards the callback to the real origin carried in the state', async () => {
    const jar = new CookieJar()
    const start = await startSignIn(jar, preview.origin, 'op')
    const authorize = new URL(start.headers.get('location')!)
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${proxy.origin}/auth/callback/op`)
    const state = await decode({
      token: authorize.searchParams.get('state')!,
      secret: SECRET,
      salt: 'encodedState',
    })
    expect(state?.origin).toBe(`${preview.origin}/auth/callback/op`)

    const atProxy = await followProvider(new CookieJar(), authorize.href, proxy.origin)
    expect(atProxy).toBeInstanceOf(URL)
    const forwarded = await fetch((atProxy as URL).href, { redirect: 'manual' })
    expect(forwarded.status).toBe(302)
    const target = new URL(forwarded.headers.get('location')!)
    expect(target.origin + target.pathname).toBe(`${preview.origin}/auth/callback/op`)
    expect(target.searchParams.get('code')).toBe((atProxy as URL).searchParams.get('code'))

    const done = await jarFetch(jar, target.href)
    expect(done.headers.get('location')).toBe(`${preview.origin}/auth/session`)
    expect(jar.get('authjs.session-token')).toBeTruthy()
  })

  it.each([
    ['a page that is not our callback', 'https://evil.example/steal'],
    ['plain http off loopback', 'http://evil.example/auth/callback/op'],
    ['a callback with user info', 'https://user@evil.example/auth/callback/op'],
    ['a callback with a query of its own', 'https://evil.example/auth/callback/op?next=1'],
    ['a script URL', 'javascript:alert(1)//auth/callback/op'],
    // Well-formed, https, our callback path: what a deployment answering `Host: evil.example` would mint.
    ['a well-formed callback on an origin that is not allow-listed', 'https://evil.example/auth/callback/op'],
  ])('never forwards the code to %s, even in a state sealed with our secret', async (_name, origin) => {
    // The origin of a state comes from the host of the sign-in request on some deployment that shares the secret.
    const state = await encode({ token: { origin, random: 'r' }, secret: SECRET, salt: 'encodedState' })
    const res = await fetch(`${proxy.origin}/auth/callback/op?code=stolen&state=${state}`, {
      redirect: 'manual',
    })
    const location = res.headers.get('location') ?? ''
    expect(location).not.toContain('stolen')
    expect(new URL(location, proxy.origin).origin).toBe(proxy.origin)
  })
})
