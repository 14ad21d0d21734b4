import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import type * as o from 'oauth4webapi'
import { beforeAll, describe, expect, it } from 'vitest'
import { OAuthRuntime } from '../../src/oauth-client/oauth-runtime.js'
import { verifyIdToken } from '../../src/oauth-client/verify-id-token.js'
import type { NormalizedProvider } from '../../src/oauth-client/normalize-provider.js'

// verifyIdToken on its own: oauth4webapi checks iss/aud/exp first in the flow, so only here can each of our own
// checks fail alone (and be shown to, by disabling it).
const ISSUER = 'https://idp.example'
const JWKS_URI = `${ISSUER}/jwks`
let good: { privateKey: CryptoKey; publicKey: CryptoKey }
let other: { privateKey: CryptoKey; publicKey: CryptoKey }
let jwksCalls = 0
let published: Array<Record<string, unknown>> = []

function setup(clientSecret?: string) {
  const runtime = new OAuthRuntime({
    fetch: (input: string | URL | Request) => {
      if (String(input instanceof Request ? input.url : input) === JWKS_URI) jwksCalls++
      return Promise.resolve(Response.json({ keys: published }))
    },
    timeoutMs: 1000,
    allowInsecure: false,
    redirectProxyUrl: undefined,
  })
  const provider: NormalizedProvider = runtime.provider({
    id: 'idp',
    name: 'IdP',
    type: 'oidc',
    issuer: ISSUER,
    clientId: 'client',
    ...(clientSecret ? { clientSecret } : {}),
  })
  const as: o.AuthorizationServer = { issuer: ISSUER, jwks_uri: JWKS_URI }
  return { runtime, provider, as }
}

function token(claims: Record<string, unknown> = {}, key = good.privateKey, kid = 'k1') {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sub: 'u', iss: ISSUER, aud: 'client', iat: now, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(key)
}

beforeAll(async () => {
  good = await generateKeyPair('RS256')
  other = await generateKeyPair('RS256')
  published = [{ ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }]
})

describe('verifyIdToken', () => {
  it('accepts a token of the provider for this client (control)', async () => {
    const { runtime, provider, as } = setup()
    await expect(verifyIdToken(runtime, provider, as, await token())).resolves.toBeUndefined()
  })

  it.each([
    ['another issuer', { iss: 'https://evil.example' }, /iss/],
    ['another audience', { aud: 'someone-else' }, /aud/],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }, /exp/],
    ['a token not yet valid', { nbf: Math.floor(Date.now() / 1000) + 3600 }, /nbf/],
  ])('refuses %s', async (_name, claims, message) => {
    const { runtime, provider, as } = setup()
    await expect(verifyIdToken(runtime, provider, as, await token(claims))).rejects.toThrow(message)
  })

  it('refuses a token signed by a key the provider does not publish', async () => {
    const { runtime, provider, as } = setup()
    await expect(verifyIdToken(runtime, provider, as, await token({}, other.privateKey))).rejects.toThrow(
      /signature/,
    )
  })

  it('refuses an HS256 token when the client has no secret to check it with', async () => {
    const { runtime, provider, as } = setup()
    const forged = await new SignJWT({ sub: 'u', iss: ISSUER, aud: 'client' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('guessable'))
    await expect(verifyIdToken(runtime, provider, as, forged)).rejects.toThrow()
  })

  it('refetches the key set for an unknown kid at most once per cooldown (no hammering the IdP)', async () => {
    const { runtime, provider, as } = setup()
    await verifyIdToken(runtime, provider, as, await token())
    jwksCalls = 0
    // Tokens naming keys nobody publishes: the first refetches, the next ones inside the cooldown do not.
    for (let i = 0; i < 5; i++) {
      await expect(
        verifyIdToken(runtime, provider, as, await token({}, other.privateKey, `unknown-${i}`)),
      ).rejects.toThrow()
    }
    expect(jwksCalls).toBe(1)
  })
})
