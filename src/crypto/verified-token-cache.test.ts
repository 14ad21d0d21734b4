import { EncryptJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { cryptoBackends } from '../../test/support/crypto-backends.js'
import type { CryptoBackend } from './crypto-backend.js'
import { deriveEncryptionKey, jwkThumbprint } from './node/derive-encryption-key.js'
import { SessionJwe } from './session-jwe.js'
import { MAX_CACHED_TOKEN_LENGTH, VerifiedTokenCache } from './verified-token-cache.js'

const secret = 'verified-token-cache-test-secret'
const salt = 'authjs.session-token'
const now = 1_800_000_000_500

describe('VerifiedTokenCache', () => {
  it('keeps at most its capacity, dropping the oldest entry first', () => {
    const cache = new VerifiedTokenCache(2)
    cache.set('a', { text: '{"n":1}', current: true, flat: undefined })
    cache.set('b', { text: '{"n":2}', current: true, flat: undefined })
    cache.set('c', { text: '{"n":3}', current: false, flat: undefined })
    expect(cache.size).toBe(2)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')?.text).toBe('{"n":2}')
    expect(cache.get('c')).toEqual({ text: '{"n":3}', current: false, flat: undefined })
  })

  it('does not store tokens longer than a cookie can hold', () => {
    const cache = new VerifiedTokenCache(4)
    cache.set('x'.repeat(MAX_CACHED_TOKEN_LENGTH + 1), { text: '{}', current: true, flat: undefined })
    expect(cache.size).toBe(0)
    cache.set('x'.repeat(MAX_CACHED_TOKEN_LENGTH), { text: '{}', current: true, flat: undefined })
    expect(cache.size).toBe(1)
  })

  it('keeps the first entry of a token and forgets on delete', () => {
    const cache = new VerifiedTokenCache(4)
    cache.set('a', { text: '{"n":1}', current: true, flat: undefined })
    cache.set('a', { text: '{"n":2}', current: true, flat: undefined })
    expect(cache.get('a')?.text).toBe('{"n":1}')
    cache.delete('a')
    expect(cache.get('a')).toBeUndefined()
  })

  it('refuses a capacity that is not a positive integer', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) {
      expect(() => new VerifiedTokenCache(capacity)).toThrow(RangeError)
    }
  })
})

/** The backend with a count of the A256CBC-HS512 decryptions it was asked for. */
function counting(crypto: CryptoBackend): { backend: CryptoBackend; calls: () => number } {
  let calls = 0
  const decrypt = (...args: Parameters<CryptoBackend['decryptA256CbcHs512']>) => {
    calls++
    return crypto.decryptA256CbcHs512(...args)
  }
  const backend = Object.assign(Object.create(crypto) as CryptoBackend, { decryptA256CbcHs512: decrypt })
  return { backend, calls: () => calls }
}

function replaceChar(text: string, index: number): string {
  return text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1)
}

describe.each(cryptoBackends)('SessionJwe with verified tokens, %s backend', (_name, crypto) => {
  const fresh = (verifiedTokens = 8) => {
    const spy = counting(crypto)
    return { jwe: new SessionJwe(secret, salt, spy.backend, { verifiedTokens }), calls: spy.calls }
  }

  it('decrypts a repeated token once, and every hit gives the same claims in new objects', async () => {
    const { jwe, calls } = fresh()
    const token = await jwe.encrypt({ sub: 'user-1', roles: ['admin'] }, 3600, now)
    const first = await jwe.decrypt(token, now)
    const second = await jwe.decrypt(token, now + 1000)
    expect(calls()).toBe(1)
    expect(second).toEqual(first)
    expect(second?.payload).not.toBe(first?.payload)
    // A caller that changes its claims (a `jwt` callback does) changes nothing for the next one.
    ;(first!.payload as { roles: string[] }).roles.push('owner')
    first!.payload.sub = 'someone-else'
    expect((await jwe.decrypt(token, now))?.payload).toMatchObject({ sub: 'user-1', roles: ['admin'] })
  })

  it('gives flat claims as fresh objects equal to what decryption gives, own __proto__ key included', async () => {
    const { jwe, calls } = fresh()
    const claims = { sub: 'user-1', name: null, admin: false, n: 1.5, ['__proto__']: 'x' }
    const token = await jwe.encrypt(claims, 3600, now)
    const first = (await jwe.decrypt(token, now))!.payload
    const second = (await jwe.decrypt(token, now))!.payload
    const parsed = (await new SessionJwe(secret, salt, crypto).decrypt(token, now))!.payload
    expect(calls()).toBe(1)
    for (const payload of [first, second]) {
      expect(Object.entries(payload)).toStrictEqual(Object.entries(parsed))
      expect(Object.getPrototypeOf(payload)).toBe(Object.prototype)
      expect(Object.isFrozen(payload)).toBe(false)
    }
    expect(second).not.toBe(first)
    first.sub = 'someone-else'
    first['extra'] = true
    expect((await jwe.decrypt(token, now))!.payload).toStrictEqual(parsed)
  })

  it('still refuses a remembered token once it has expired, and forgets it', async () => {
    const { jwe, calls } = fresh()
    const token = await jwe.encrypt({ sub: 'user-1' }, 60, now)
    expect(await jwe.decrypt(token, now)).not.toBeNull()
    // Past exp plus the 15 s tolerance: refused on the hit, without any crypto.
    expect(await jwe.decrypt(token, now + 76_000)).toBeNull()
    expect(calls()).toBe(1)
    // Forgotten: the next look decrypts again (and is refused again, by the claims check).
    expect(await jwe.decrypt(token, now + 76_000)).toBeNull()
    expect(calls()).toBe(2)
  })

  it('refuses a tampered copy of a remembered token (a different string is decrypted, and fails)', async () => {
    const { jwe, calls } = fresh()
    const token = await jwe.encrypt({ sub: 'user-1' }, 3600, now)
    expect(await jwe.decrypt(token, now)).not.toBeNull()
    const parts = token.split('.')
    for (const segment of [2, 3, 4]) {
      const copy = [...parts]
      copy[segment] = replaceChar(copy[segment]!, 3)
      expect(await jwe.decrypt(copy.join('.'), now)).toBeNull()
    }
    expect(calls()).toBe(4)
  })

  it('does not remember a token that failed, nor one of another secret', async () => {
    const { jwe, calls } = fresh()
    const other = await new SessionJwe('another-secret-of-some-length', salt, crypto).encrypt(
      { sub: 'x' },
      3600,
      now,
    )
    expect(await jwe.decrypt(other, now)).toBeNull()
    expect(await jwe.decrypt(other, now)).toBeNull()
    const token = await jwe.encrypt({ sub: 'user-1' }, 3600, now)
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await jwe.decrypt(forged, now)).toBeNull()
    expect(await jwe.decrypt(forged, now)).toBeNull()
    expect(calls()).toBe(2)
  })

  it('does not remember a token that is not valid yet when first seen', async () => {
    const { jwe, calls } = fresh()
    const key = deriveEncryptionKey('A256CBC-HS512', secret, salt)
    const token = await new EncryptJWT({ sub: 'later', nbf: Math.floor(now / 1000) + 600 })
      .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512', kid: jwkThumbprint(key) })
      .encrypt(key)
    expect(await jwe.decrypt(token, now)).toBeNull()
    expect((await jwe.decrypt(token, now + 601_000))?.payload.sub).toBe('later')
    expect(calls()).toBe(2)
  })

  it('keeps at most the given number of tokens', async () => {
    const { jwe, calls } = fresh(2)
    const tokens: string[] = []
    for (const n of [1, 2, 3]) tokens.push(await jwe.encrypt({ sub: `user-${n}` }, 3600, now))
    for (const token of tokens) await jwe.decrypt(token, now)
    expect(calls()).toBe(3)
    await jwe.decrypt(tokens[2]!, now)
    await jwe.decrypt(tokens[1]!, now)
    expect(calls()).toBe(3)
    // The first was dropped to make room for the third.
    expect((await jwe.decrypt(tokens[0]!, now))?.payload.sub).toBe('user-1')
    expect(calls()).toBe(4)
  })

  it('keeps the rotation flag: a token of an older secret stays due for re-issue on every hit', async () => {
    const spy = counting(crypto)
    const old = await new SessionJwe('the-old-secret-of-some-length', salt, crypto).encrypt(
      { sub: 'u' },
      3600,
      now,
    )
    const rotated = new SessionJwe(
      ['the-new-secret-of-some-length', 'the-old-secret-of-some-length'],
      salt,
      spy.backend,
      {
        verifiedTokens: 8,
      },
    )
    expect((await rotated.decrypt(old, now))?.current).toBe(false)
    expect((await rotated.decrypt(old, now))?.current).toBe(false)
    expect(spy.calls()).toBe(1)
  })

  /** A token as an older writer makes it: no `kid` in the protected header (and whatever else `header` adds). */
  const withoutKid = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
    new EncryptJWT(claims)
      .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512', ...header })
      .encrypt(deriveEncryptionKey('A256CBC-HS512', secret, salt))

  it('remembers a token without kid once its tag verified', async () => {
    const { jwe, calls } = fresh()
    const token = await withoutKid({ sub: 'old-writer', exp: Math.floor(now / 1000) + 3600 })
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).not.toHaveProperty('kid')
    expect((await jwe.decrypt(token, now))?.payload.sub).toBe('old-writer')
    expect((await jwe.decrypt(token, now + 1000))?.payload.sub).toBe('old-writer')
    expect(calls()).toBe(1)
  })

  it('refuses a remembered token without kid once it has expired, and a one-byte change of it', async () => {
    const { jwe, calls } = fresh()
    const token = await withoutKid({ sub: 'old-writer', exp: Math.floor(now / 1000) + 60 })
    expect(await jwe.decrypt(token, now)).not.toBeNull()
    expect(await jwe.decrypt(token, now + 76_000)).toBeNull()
    expect(calls()).toBe(1)
    for (const index of [0, 5, token.indexOf('.') + 3, token.length - 3]) {
      expect(await jwe.decrypt(replaceChar(token, index), now)).toBeNull()
    }
  })

  it('never remembers a token without kid whose header contradicts its claims', async () => {
    const { jwe, calls } = fresh()
    const token = await withoutKid({ sub: 'user-1', exp: Math.floor(now / 1000) + 3600 }, { sub: 'user-2' })
    expect(await jwe.decrypt(token, now)).toBeNull()
    expect(await jwe.decrypt(token, now)).toBeNull()
    expect(calls()).toBe(2)
  })

  it('remembers nothing by default', async () => {
    const spy = counting(crypto)
    const jwe = new SessionJwe(secret, salt, spy.backend)
    const token = await jwe.encrypt({ sub: 'user-1' }, 3600, now)
    await jwe.decrypt(token, now)
    await jwe.decrypt(token, now)
    expect(spy.calls()).toBe(2)
  })
})

describe('VerifiedTokenCache found by the tag', () => {
  const verified = { text: '{"sub":"user-1"}', current: true, flat: undefined }

  it('serves only the exact token that was stored, not another that ends with the same tag', () => {
    const cache = new VerifiedTokenCache(4)
    cache.set('header..iv.ciphertext.tag', verified)
    expect(cache.get('header..iv.ciphertext.tag')).toBe(verified)
    // Same last segment, different header, IV or ciphertext: a miss (the whole string is compared).
    for (const other of ['header..iv.ciphertexu.tag', 'headeR..iv.ciphertext.tag', 'x.tag', 'tag'])
      expect(cache.get(other)).toBeUndefined()
  })

  it('does not let a token sharing a tag replace or delete the stored one', () => {
    const cache = new VerifiedTokenCache(4)
    cache.set('a..iv.one.tag', verified)
    cache.set('b..iv.two.tag', { text: '{"sub":"user-2"}', current: true, flat: undefined })
    cache.delete('b..iv.two.tag')
    expect(cache.get('a..iv.one.tag')).toBe(verified)
    expect(cache.get('b..iv.two.tag')).toBeUndefined()
    expect(cache.size).toBe(1)
  })
})
