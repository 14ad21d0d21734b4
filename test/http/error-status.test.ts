/**
 * Issue #14 finding 4: who caused an error decides its status, in JSON mode (`X-Auth-Return-Redirect`) and on the
 * error page, while the public `error=` value stays Auth.js's. One block per class of cause; each case checks
 * both modes. Before the fix every case here that is not a 500 answered 500 `Configuration`.
 */
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'
import { ALICE, aliceCredentials, baseConfig } from './http-helpers.js'

const ORIGIN = 'http://app.test'

const { call, csrf } = inProcessClient(ORIGIN)

type Send = (config: AuthConfig, jar: CookieJar, json: boolean) => Promise<Response>

/** A request as a browser would send it (`json` false) or as the client library does (`json` true). */
function request(method: 'GET' | 'POST', path: string, fields: Record<string, string> = {}): Send {
  return async (config, jar, json) => {
    const headers: Record<string, string> = json ? { 'X-Auth-Return-Redirect': '1' } : {}
    if (method === 'GET') return call(config, jar, path, { headers })
    const body = new URLSearchParams({ csrfToken: await csrf(config, jar), ...fields })
    headers['content-type'] = 'application/x-www-form-urlencoded'
    return call(config, jar, path, { method, headers, body: body.toString() })
  }
}

/** Both modes: the JSON status, and the status of the error page the redirect leads to. */
async function expectStatus(config: AuthConfig, send: Send, status: number, pageStatus = status) {
  const json = await send(config, new CookieJar(), true)
  expect(json.status, 'JSON mode').toBe(status)
  const { url } = (await json.json()) as { url: string }
  expect(new URL(url).searchParams.get('error'), 'the public error value').toBe('Configuration')

  const redirect = await send(config, new CookieJar(), false)
  expect(redirect.status).toBe(302)
  const location = new URL(redirect.headers.get('location')!)
  expect(location.href).toBe(url)
  const page = await call(config, new CookieJar(), `${location.pathname}${location.search}`)
  expect(page.status, 'error page').toBe(pageStatus)
  expect(await page.text()).not.toMatch(/at .*\.(ts|js):\d+/)
}

async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const plainOAuth: OAuthConfig = {
  id: 'plain',
  name: 'Plain',
  type: 'oauth',
  clientId: 'client',
  clientSecret: 'secret',
  // Never contacted: every case below fails before the token request.
  authorization: 'http://127.0.0.1:9/authorize',
  token: 'http://127.0.0.1:9/token',
  userinfo: 'http://127.0.0.1:9/userinfo',
  checks: ['pkce', 'state'],
}

describe('caused by the request: 400', () => {
  const config = baseConfig({ providers: [aliceCredentials(), plainOAuth] })

  it('an unknown provider on POST /signin', () =>
    expectStatus(config, request('POST', '/auth/signin/nope'), 400))
  it('an unknown provider on the callback', () =>
    expectStatus(config, request('GET', '/auth/callback/nope'), 400))
  it('GET /webauthn-options of a provider without options', () =>
    expectStatus(config, request('GET', '/auth/webauthn-options/credentials'), 400))
  it('GET on the credentials callback (wrong method for the provider)', () =>
    expectStatus(config, request('GET', '/auth/callback/credentials'), 400))
})

describe('a check the request failed (InvalidCheck): 403, page 400', () => {
  const config = baseConfig({ providers: [aliceCredentials(), plainOAuth] })

  it('an OAuth callback without its check cookies', () =>
    expectStatus(config, request('GET', '/auth/callback/plain?code=c&state=s'), 403, 400))

  it('an OAuth callback with forged check cookies', async () => {
    const forged: Send = (cfg, jar, json) => {
      jar.values.set('authjs.pkce.code_verifier', 'forged')
      jar.values.set('authjs.state', 'forged')
      return request('GET', '/auth/callback/plain?code=c&state=s')(cfg, jar, json)
    }
    await expectStatus(config, forged, 403, 400)
  })
})

describe('a provider that cannot be reached: 502, page 503', () => {
  let config: AuthConfig
  beforeAll(async () => {
    const port = await closedPort()
    config = baseConfig({
      providers: [
        { ...plainOAuth, id: 'down', type: 'oidc', issuer: `http://127.0.0.1:${port}`, checks: ['pkce'] },
      ],
    })
  })

  it('POST /signin/{id} while discovery fails', () =>
    expectStatus(config, request('POST', '/auth/signin/down'), 502, 503))
})

describe('a database that cannot be reached: 503', () => {
  const adapter = MemoryAdapter()
  const config = baseConfig({
    session: { strategy: 'database' },
    adapter: {
      ...adapter,
      getUser: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    },
  })

  it('a credentials sign-in whose adapter call fails', () =>
    expectStatus(
      config,
      request('POST', '/auth/callback/credentials', { username: 'alice', password: 'wonderland' }),
      503,
    ))
})

describe('a fault of the server or the application: 500', () => {
  it('authorize throwing a plain Error (CallbackRouteError)', () =>
    expectStatus(
      baseConfig({
        providers: [
          aliceCredentials({
            authorize: () => {
              throw new Error('bug in authorize')
            },
          }),
        ],
      }),
      request('POST', '/auth/callback/credentials', { username: 'alice', password: 'wonderland' }),
      500,
    ))

  it('authorize returning a user the adapter does not know (database sessions)', () =>
    expectStatus(
      baseConfig({
        session: { strategy: 'database' },
        adapter: MemoryAdapter(),
        providers: [aliceCredentials({ authorize: () => ({ ...ALICE, id: 'stranger' }) })],
      }),
      request('POST', '/auth/callback/credentials', { username: 'alice', password: 'wonderland' }),
      500,
    ))
})

describe('client-safe errors keep their own value and status', () => {
  const config = baseConfig()

  it('CredentialsSignin is 401 in JSON mode', async () => {
    const res = await request('POST', '/auth/callback/credentials', { username: 'alice', password: 'no' })(
      config,
      new CookieJar(),
      true,
    )
    expect(res.status).toBe(401)
    expect(((await res.json()) as { url: string }).url).toContain('error=CredentialsSignin&code=credentials')
  })

  it('MissingCSRF is 403 in JSON mode', async () => {
    const res = await call(config, new CookieJar(), '/auth/signout', {
      method: 'POST',
      headers: { 'X-Auth-Return-Redirect': '1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrfToken=x',
    })
    expect(res.status).toBe(403)
  })
})

describe('the error page', () => {
  const config = baseConfig()
  it.each([
    ['error=Configuration', 500],
    ['error=Configuration&code=bad_request', 400],
    ['error=Configuration&code=unavailable', 503],
    ['error=Configuration&code=toString', 500],
    ['error=AccessDenied&code=bad_request', 403],
  ])('?%s is %i', async (query, status) => {
    const res = await call(config, new CookieJar(), `/auth/error?${query}`)
    expect(res.status).toBe(status)
  })
})
