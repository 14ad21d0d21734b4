import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NormalizedProvider } from './normalize-provider.js'
import { failureBackoff, OAuthRuntime } from './oauth-runtime.js'

/** A provider that is down: every request answers 503, and each one is counted. */
let server: Server
let origin = ''
const hits = { discovery: 0, jwks: 0 }

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.includes('openid-configuration')) hits.discovery++
    else hits.jwks++
    res.writeHead(503).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Only the fields discovery and key-set fetches read. */
function downProvider(id: string): NormalizedProvider {
  const none = { url: undefined, params: {}, request: undefined, conform: undefined }
  return {
    id,
    type: 'oidc',
    issuer: origin,
    wellKnown: `${origin}/.well-known/openid-configuration`,
    jwksUri: undefined,
    authorization: none,
    token: none,
    userinfo: none,
    fetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, init),
  } as unknown as NormalizedProvider
}

describe('a provider outage is not a request storm (issue #14, finding 6b)', () => {
  it('the back-off doubles from 2 s up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(failureBackoff)).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ])
  })

  it('a failed discovery is the answer for its back-off, then asked again, then backs off longer', async () => {
    const runtime = new OAuthRuntime({} as never)
    const provider = downProvider('discovery')
    hits.discovery = 0
    const t0 = Date.now()
    await expect(runtime.authorizationServer(provider, t0)).rejects.toThrow()
    for (let i = 0; i < 20; i++) await expect(runtime.authorizationServer(provider)).rejects.toThrow()
    expect(hits.discovery).toBe(1)
    // After the first back-off (2 s) one new request; the second back-off is 4 s.
    await expect(runtime.authorizationServer(provider, Date.now() + 2100)).rejects.toThrow()
    expect(hits.discovery).toBe(2)
    await expect(runtime.authorizationServer(provider, Date.now() + 3000)).rejects.toThrow()
    expect(hits.discovery).toBe(2)
    await expect(runtime.authorizationServer(provider, Date.now() + 4100)).rejects.toThrow()
    expect(hits.discovery).toBe(3)
  })

  it('a failed key-set fetch is the answer for its back-off, forced refreshes included', async () => {
    const runtime = new OAuthRuntime({} as never)
    const provider = downProvider('jwks')
    hits.jwks = 0
    const uri = `${origin}/jwks`
    await expect(runtime.jwks(provider, uri, false)).rejects.toThrow(/503/)
    for (let i = 0; i < 20; i++) await expect(runtime.jwks(provider, uri, i % 2 === 0)).rejects.toThrow()
    expect(hits.jwks).toBe(1)
    await expect(runtime.jwks(provider, uri, true, Date.now() + 2100)).rejects.toThrow()
    expect(hits.jwks).toBe(2)
  })
})
