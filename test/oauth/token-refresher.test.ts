import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokenRefresher, TokenRefreshError } from '../../src/oauth/index.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import { customFetch } from '../../src/symbols.js'
import { reachCallback } from './support/browser-flow.js'
import { startRig, type Rig } from './support/rp-setup.js'
import { jarFetch } from '../support/cookie-jar.js'
import { decode } from '../../src/jwt/index.js'
import { SECRET } from './support/rp-setup.js'

let rig: Rig
const provider = (): OAuthConfig => ({
  id: 'op',
  name: 'op',
  type: 'oidc',
  issuer: rig.op.issuer,
  clientId: 'rp',
  clientSecret: 'rp-secret',
})

beforeAll(async () => {
  // The jwt callback keeps the provider tokens in the session JWT, as an app using the refresher would.
  rig = await startRig({
    callbacks: {
      jwt: ({ token, account }) =>
        account
          ? {
              ...token,
              access_token: account.access_token,
              refresh_token: account.refresh_token,
              expires_at: account.expires_at,
              providerAccountId: account.providerAccountId,
              id_token: account.id_token,
            }
          : token,
    },
  })
})
afterAll(async () => {
  await rig?.close()
})

/** Signs in with `offline_access` and returns the provider tokens kept in the session JWT. */
async function tokensFromSignIn() {
  const { jar, callbackUrl } = await reachCallback(rig.app.origin, 'op')
  await jarFetch(jar, callbackUrl.href)
  const claims = await decode({
    token: jar.get('authjs.session-token')!,
    secret: SECRET,
    salt: 'authjs.session-token',
  })
  return claims as {
    access_token: string
    refresh_token: string
    expires_at: number
    providerAccountId: string
    id_token: string
  }
}

/** A JWT-shaped token naming `sub`; the refresher only reads the kept ID token (it was checked at sign-in). */
const idTokenFor = (sub: string) =>
  [{ alg: 'none' }, { sub, iss: 'x' }, {}]
    .map((part, i) => (i < 2 ? Buffer.from(JSON.stringify(part)).toString('base64url') : ''))
    .join('.')

describe('createTokenRefresher', () => {
  it('keeps the token set while the access token is valid', async () => {
    const refresher = createTokenRefresher({ provider: provider() })
    const tokens = await tokensFromSignIn()
    expect(tokens.refresh_token).toBeTruthy()
    expect(tokens.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(await refresher.refresh(tokens)).toBe(tokens)
  })

  it('refreshes an expired access token and rotates the refresh token', async () => {
    // Given as a built-in provider gives it: the application's options apart.
    const { clientId, clientSecret, ...rest } = provider()
    const refresher = createTokenRefresher({ provider: { ...rest, options: { clientId, clientSecret } } })
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    const fresh = await refresher.refresh(tokens)
    expect(fresh.access_token).not.toBe(tokens.access_token)
    expect(fresh.refresh_token).not.toBe(tokens.refresh_token)
    expect(fresh.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect((fresh as Record<string, unknown>)['token_type']).toBe('bearer')
  })

  it('spends a refresh token once for concurrent callers, and answers late racers from the same result', async () => {
    const seen: string[] = []
    const refresher = createTokenRefresher({
      provider: provider(),
      [customFetch]: (input, init) => {
        const url = input instanceof Request ? input.url : input.toString()
        if (url.endsWith('/token')) seen.push(url)
        return fetch(input, init)
      },
    })
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    const results = await Promise.all(Array.from({ length: 5 }, () => refresher.refresh(tokens)))
    expect(seen).toHaveLength(1)
    expect(new Set(results.map((r) => r.access_token)).size).toBe(1)
    // A request that still carries the old (now rotated) refresh token gets the same answer, without a request.
    const late = await refresher.refresh(tokens)
    expect(late.access_token).toBe(results[0]!.access_token)
    expect(seen).toHaveLength(1)
  })

  it('a refresh token spent twice without the helper is refused by the provider (why single-flight matters)', async () => {
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    await createTokenRefresher({ provider: provider() }).refresh(tokens)
    await expect(createTokenRefresher({ provider: provider() }).refresh(tokens)).rejects.toMatchObject({
      reason: 'provider_error:invalid_grant',
    })
  })

  it('writes refreshed tokens through adapter.updateAccount when the adapter has it', async () => {
    const updates: unknown[] = []
    const refresher = createTokenRefresher({
      provider: provider(),
      adapter: {
        updateAccount: (account) => {
          updates.push(account)
          return null
        },
      },
    })
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    const fresh = await refresher.refresh(tokens)
    expect(updates).toEqual([
      expect.objectContaining({
        provider: 'op',
        providerAccountId: 'alice',
        access_token: fresh.access_token,
        refresh_token: fresh.refresh_token,
      }),
    ])
  })

  it('throws TokenRefreshError without a refresh token', async () => {
    const refresher = createTokenRefresher({ provider: provider() })
    await expect(refresher.refresh({ access_token: 'x', expires_at: 1 })).rejects.toBeInstanceOf(
      TokenRefreshError,
    )
  })

  it('accepts a refreshed ID token for the same subject, and keeps it', async () => {
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    expect(tokens.id_token).toBeTruthy()
    const fresh = await createTokenRefresher({ provider: provider() }).refresh(tokens)
    expect(fresh.access_token).not.toBe(tokens.access_token)
    expect(decodeJwt(fresh.id_token).sub).toBe('alice')
  })

  it('refuses a refreshed ID token for another subject and writes nothing (OIDC Core 12.2)', async () => {
    const updates: unknown[] = []
    const refresher = createTokenRefresher({
      provider: provider(),
      adapter: {
        updateAccount: (account) => {
          updates.push(account)
          return null
        },
      },
    })
    // The kept ID token names mallory; the provider's refresh answers for alice.
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1, id_token: idTokenFor('mallory') }
    await expect(refresher.refresh(tokens)).rejects.toMatchObject({ reason: 'id_token_subject_mismatch' })
    expect(updates).toEqual([])
  })

  it('refuses to refresh with a kept id_token it cannot read, before spending the refresh token', async () => {
    const tokens = { ...(await tokensFromSignIn()), expires_at: 1 }
    const refresher = createTokenRefresher({ provider: provider() })
    await expect(refresher.refresh({ ...tokens, id_token: 'not-a-jwt' })).rejects.toMatchObject({
      reason: 'id_token_unreadable',
    })
    // The refresh token is still unspent.
    expect((await refresher.refresh(tokens)).access_token).not.toBe(tokens.access_token)
  })
})
