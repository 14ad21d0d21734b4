import { encode as authEncode, getToken as authGetToken } from '@auth/core/jwt'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { MissingSecret } from '../errors.js'
import { encode } from './encode.js'
import { getToken } from './get-token.js'

const secret = 'get-token-secret'
const plain = 'authjs.session-token'
const secure = '__Secure-authjs.session-token'

const tokenFor = (salt: string, claims: Record<string, unknown> = { sub: 'user-1' }) =>
  encode({ token: claims, secret, salt })

describe('getToken', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('reads the plain cookie on http and the __Secure- one on https', async () => {
    const httpReq = new Request('http://localhost/api', {
      headers: { cookie: `${plain}=${await tokenFor(plain)}` },
    })
    await expect(getToken({ req: httpReq, secret })).resolves.toMatchObject({ sub: 'user-1' })
    const httpsReq = new Request('https://app.example/api', {
      headers: { cookie: `${secure}=${await tokenFor(secure)}` },
    })
    await expect(getToken({ req: httpsReq, secret })).resolves.toMatchObject({ sub: 'user-1' })
    // Auth.js misses it unless told secureCookie (#11043).
    await expect(authGetToken({ req: httpsReq, secret })).resolves.toBeNull()
  })

  it('does not read an unprefixed cookie on https, where anyone on the network could have planted it', async () => {
    const req = new Request('https://app.example/api', {
      headers: { cookie: `${plain}=${await tokenFor(plain)}` },
    })
    await expect(getToken({ req, secret })).resolves.toBeNull()
  })

  it('falls back to the __Secure- cookie when the URL is http or unknown (TLS ended at a proxy)', async () => {
    const cookie = `${secure}=${await tokenFor(secure)}`
    await expect(getToken({ req: { headers: { cookie } }, secret })).resolves.toMatchObject({ sub: 'user-1' })
    const req = new Request('http://internal:3000/api', { headers: { cookie } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: 'user-1' })
  })

  it('prefers the plain cookie when both are present on http', async () => {
    const cookie = `${secure}=${await tokenFor(secure, { sub: 's' })}; ${plain}=${await tokenFor(plain, { sub: 'p' })}`
    await expect(getToken({ req: { headers: { cookie } }, secret })).resolves.toMatchObject({ sub: 'p' })
  })

  it('honours an explicit secureCookie', async () => {
    const cookie = `${secure}=${await tokenFor(secure)}`
    await expect(
      getToken({ req: { headers: { cookie } }, secret, secureCookie: true }),
    ).resolves.toMatchObject({
      sub: 'user-1',
    })
    await expect(getToken({ req: { headers: { cookie } }, secret, secureCookie: false })).resolves.toBeNull()
  })

  it('uses cookieName and salt, the salt defaulting to the cookie name', async () => {
    const cookie = `custom=${await tokenFor('custom')}; other=${await tokenFor('my-salt')}`
    await expect(
      getToken({ req: { headers: { cookie } }, secret, cookieName: 'custom' }),
    ).resolves.toMatchObject({
      sub: 'user-1',
    })
    const withSalt = { req: { headers: { cookie } }, secret, cookieName: 'other', salt: 'my-salt' }
    await expect(getToken(withSalt)).resolves.toMatchObject({ sub: 'user-1' })
  })

  it('reads a chunked session cookie', async () => {
    const token = await tokenFor(secure, { sub: 'user-1', pad: 'x'.repeat(9000) })
    const chunks = writeChunkedCookie(secure, token, {}, {})
    expect(chunks.length).toBeGreaterThan(2)
    const cookie = chunks
      .reverse()
      .map((chunk) => `${chunk.name}=${chunk.value}`)
      .join('; ')
    const req = new Request('https://app.example/', { headers: { cookie } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: 'user-1' })
    await expect(authGetToken({ req, secret, secureCookie: true })).resolves.toMatchObject({ sub: 'user-1' })
  })

  it('reads a URL-encoded Bearer token, with any case of the scheme', async () => {
    const token = await tokenFor(plain)
    for (const authorization of [
      `Bearer ${encodeURIComponent(token)}`,
      `bearer ${token}`,
      `  BEARER   ${token} `,
    ]) {
      await expect(getToken({ req: { headers: { authorization } }, secret })).resolves.toMatchObject({
        sub: 'user-1',
      })
    }
  })

  it('prefers the cookie over the Bearer token', async () => {
    const headers = {
      cookie: `${plain}=${await tokenFor(plain, { sub: 'cookie' })}`,
      authorization: `Bearer ${await tokenFor(plain, { sub: 'bearer' })}`,
    }
    await expect(getToken({ req: { headers }, secret })).resolves.toMatchObject({ sub: 'cookie' })
  })

  it.each([
    'Bearer %E0%A4%A',
    'Bearer %',
    'Bearer',
    'Bearer ',
    'Basic abc',
    'Bearer garbage',
    'Bearer a.b.c.d.e',
  ])('returns null for Authorization %j', async (authorization) => {
    await expect(getToken({ req: { headers: { authorization } }, secret })).resolves.toBeNull()
  })

  it('returns null for a garbage, foreign or expired cookie', async () => {
    const foreign = await authEncode({ token: {}, secret: 'other', salt: plain })
    const expired = await encode({ token: {}, secret, salt: plain, maxAge: -60 })
    for (const value of ['garbage', foreign, expired, '%E0%A4%A']) {
      await expect(
        getToken({ req: { headers: { cookie: `${plain}=${value}` } }, secret }),
      ).resolves.toBeNull()
    }
    await expect(getToken({ req: { headers: {} }, secret })).resolves.toBeNull()
  })

  it('returns the token itself with raw: true, without needing a secret', async () => {
    vi.stubEnv('AUTH_SECRET', '')
    const token = await tokenFor(plain)
    const raw: string | null = await getToken({
      req: { headers: { cookie: `${plain}=${token}` } },
      raw: true,
    })
    expect(raw).toBe(token)
    await expect(getToken({ req: { headers: {} }, raw: true })).resolves.toBeNull()
  })

  it('finds headers of a plain object in any case and as arrays', async () => {
    const token = await tokenFor(plain)
    await expect(
      getToken({ req: { headers: { Cookie: `${plain}=${token}` } }, secret }),
    ).resolves.not.toBeNull()
    const headers = { cookie: ['a=1', `${plain}=${token}`] }
    await expect(getToken({ req: { headers }, secret })).resolves.not.toBeNull()
  })

  it('defaults the secret to AUTH_SECRET', async () => {
    vi.stubEnv('AUTH_SECRET', secret)
    const req = { headers: { cookie: `${plain}=${await tokenFor(plain)}` } }
    await expect(getToken({ req })).resolves.toMatchObject({ sub: 'user-1' })
  })

  it('throws MissingSecret without a secret, and a TypeError without req', async () => {
    vi.stubEnv('AUTH_SECRET', '')
    await expect(getToken({ req: { headers: {} } })).rejects.toBeInstanceOf(MissingSecret)
    await expect(getToken({} as unknown as Parameters<typeof getToken>[0])).rejects.toThrow(TypeError)
    const req = { headers: { cookie: `${plain}=${await tokenFor(plain)}` } }
    await expect(getToken({ req, secret: ['', secret] })).rejects.toBeInstanceOf(MissingSecret)
  })

  it('uses a custom decode, and treats its throwing as no session', async () => {
    const req = { headers: { cookie: `${plain}=opaque` } }
    const decode = vi.fn(({ token }: { token?: string | undefined }) => ({ sub: token }))
    await expect(getToken({ req, secret, decode })).resolves.toStrictEqual({ sub: 'opaque' })
    expect(decode).toHaveBeenCalledWith({ token: 'opaque', secret, salt: plain })
    const debug = vi.fn()
    const failing = () => {
      throw new Error('bad token')
    }
    await expect(getToken({ req, secret, decode: failing, logger: { debug } })).resolves.toBeNull()
    expect(debug).toHaveBeenCalledOnce()
  })

  it('decodes tokens @auth/core wrote, and @auth/core reads what getToken reads (raw)', async () => {
    const token = await authEncode({ token: { sub: 'from-authjs' }, secret, salt: secure })
    const req = new Request('https://app.example/', { headers: { cookie: `${secure}=${token}` } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: 'from-authjs' })
    await expect(getToken({ req, raw: true })).resolves.toBe(
      await authGetToken({ req, raw: true, secureCookie: true }),
    )
  })
})
