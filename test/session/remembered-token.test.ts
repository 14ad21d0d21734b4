import { EncryptJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { deriveEncryptionKey } from '../../src/crypto/node/derive-encryption-key.js'
import { encode } from '../../src/jwt/index.js'
import { baseConfig, SECRET, SESSION } from '../http/http-helpers.js'

/**
 * The verified-token cache seen from the outside, through `createAuth`: once a session cookie was checked (and
 * remembered), an expired, altered or no longer accepted one is still refused. Each case warms the cache with the
 * good token first, so a cache that answered by anything but the exact string under the current keys would pass
 * the bad one.
 */
const OLD_SECRET = 'the-secret-before-rotation-0123456789abcdef'

function sessionRequest(token: string): Request {
  return new Request('http://127.0.0.1:3000/auth/session', { headers: { cookie: `${SESSION}=${token}` } })
}

async function sessionOf(handlers: { GET: (r: Request) => Promise<Response> }, token: string) {
  const response = await handlers.GET(sessionRequest(token))
  return (await response.json()) as { user?: { name?: string } } | null
}

afterEach(() => vi.useRealTimers())

describe('a remembered session token', () => {
  it('is refused once expired, on the next check and every one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
    const { handlers } = createAuth(baseConfig())
    const token = await encode({
      token: { name: 'Alice', sub: 'u1' },
      secret: SECRET,
      salt: SESSION,
      maxAge: 60,
    })
    expect((await sessionOf(handlers, token))?.user?.name).toBe('Alice')
    expect((await sessionOf(handlers, token))?.user?.name).toBe('Alice')
    // Past `exp` and the 15 s clock tolerance.
    vi.setSystemTime(new Date('2030-01-01T00:01:16Z'))
    expect(await sessionOf(handlers, token)).toBeNull()
    expect(await sessionOf(handlers, token)).toBeNull()
  })

  it('does not vouch for a cookie changed by one byte anywhere, with or without kid', async () => {
    const { handlers } = createAuth(baseConfig())
    const withKid = await encode({ token: { name: 'Alice', sub: 'u1' }, secret: SECRET, salt: SESSION })
    const withoutKid = await new EncryptJWT({
      name: 'Alice',
      sub: 'u1',
      exp: Math.floor(Date.now() / 1000) + 600,
    })
      .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512' })
      .encrypt(deriveEncryptionKey('A256CBC-HS512', SECRET, SESSION))
    for (const token of [withKid, withoutKid]) {
      expect((await sessionOf(handlers, token))?.user?.name).toBe('Alice')
      // Every segment: header, (empty key), IV, ciphertext, tag; the first, a middle and the last characters.
      const positions = new Set<number>()
      for (let start = 0, segment = 0; segment < 5; segment++) {
        const end = token.indexOf('.', start) === -1 ? token.length : token.indexOf('.', start)
        if (end > start) for (const at of [start, (start + end) >> 1, end - 1]) positions.add(at)
        start = end + 1
      }
      for (const at of positions) {
        const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
        expect(await sessionOf(handlers, changed), `changed at ${at}`).toBeNull()
      }
      expect((await sessionOf(handlers, token))?.user?.name).toBe('Alice')
    }
  })

  it('is refused by an instance whose secrets no longer include the one it was made with', async () => {
    const before = createAuth(baseConfig({ secret: OLD_SECRET }))
    const token = await encode({ token: { name: 'Alice', sub: 'u1' }, secret: OLD_SECRET, salt: SESSION })
    expect((await sessionOf(before.handlers, token))?.user?.name).toBe('Alice')
    // The secret rotated away (a redeploy or a second instance in the same process): nothing carried over.
    const after = createAuth(baseConfig({ secret: SECRET }))
    expect(await sessionOf(after.handlers, token)).toBeNull()
    expect(await sessionOf(after.handlers, token)).toBeNull()
    // Still accepted while the old secret is in the list, and refused again once it is not.
    const during = createAuth(baseConfig({ secret: [SECRET, OLD_SECRET] }))
    expect((await sessionOf(during.handlers, token))?.user?.name).toBe('Alice')
  })
})
