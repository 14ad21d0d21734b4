import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { EncryptJWT, compactDecrypt, jwtDecrypt } from 'jose'
import { describe, expect, it } from 'vitest'
import { cryptoBackends } from '../../test/support/crypto-backends.js'
import { encryptA256CbcHs512, importA256CbcHs512Key } from './node/a256cbc-hs512.js'
import { deriveEncryptionKey, jwkThumbprint } from './node/derive-encryption-key.js'
import { SessionJwe } from './session-jwe.js'

const secret = 'session-jwe-test-secret'
const salt = 'authjs.session-token'
const cbcKey = deriveEncryptionKey('A256CBC-HS512', secret, salt)
const gcmKey = deriveEncryptionKey('A256GCM', secret, salt)
const now = 1_800_000_000_500
const nowSeconds = Math.floor(now / 1000)

type Enc = 'A256CBC-HS512' | 'A256GCM'

/** A token as jose (and so Auth.js) writes it. */
async function joseToken(payload: Record<string, unknown>, enc: Enc = 'A256CBC-HS512', withKid = true) {
  const key = enc === 'A256GCM' ? gcmKey : cbcKey
  const header = withKid ? { alg: 'dir', enc, kid: jwkThumbprint(key) } : { alg: 'dir', enc }
  return new EncryptJWT(payload).setProtectedHeader(header).encrypt(key)
}

/** A correctly encrypted A256CBC-HS512 token with any header and plaintext, to test header and claim checks. */
function craft(header: Record<string, unknown> | Buffer, plaintext: string | Buffer, key = cbcKey): string {
  const headerBytes = Buffer.isBuffer(header) ? header : Buffer.from(JSON.stringify(header))
  const protectedHeader = headerBytes.toString('base64url')
  const data = typeof plaintext === 'string' ? Buffer.from(plaintext) : plaintext
  const aad = Buffer.from(protectedHeader, 'latin1')
  const { iv, ciphertext, tag } = encryptA256CbcHs512(importA256CbcHs512Key(key), data, aad)
  return [protectedHeader, '', iv, ciphertext, tag].map((part) => part.toString('base64url')).join('.')
}

const header = { alg: 'dir', enc: 'A256CBC-HS512', kid: jwkThumbprint(cbcKey) }

function replaceChar(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A'
  return text.slice(0, index) + replacement + text.slice(index + 1)
}

/** Deterministic random JSON values, including awkward strings. */
function randomPayload(seed: number): Record<string, unknown> {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const pieces = ['a', 'é', '😀', '"', '\\', '\n', '</script>', '\u2028', ' ', '0']
  const string = () =>
    Array.from({ length: Math.floor(next() * 40) }, () => pieces[Math.floor(next() * 10)]).join('')
  const value = (depth: number): unknown => {
    const kind = Math.floor(next() * (depth > 2 ? 4 : 6))
    if (kind === 0) return string()
    if (kind === 1) return Math.floor(next() * 1e9) / (next() < 0.5 ? 1 : 7)
    if (kind === 2) return next() < 0.5
    if (kind === 3) return null
    if (kind === 4) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1))
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, () => [string(), value(depth + 1)]),
    )
  }
  const payload: Record<string, unknown> = { sub: string(), name: string(), email: null }
  for (let index = Math.floor(next() * 6); index > 0; index--) payload[`k${index}${string()}`] = value(0)
  return payload
}

describe.each(cryptoBackends)('%s backend', (_name, crypto) => {
  const jwe = new SessionJwe(secret, salt, crypto)

  describe('SessionJwe.encrypt', () => {
    it('writes the Auth.js header byte for byte and an empty encrypted-key segment', async () => {
      const ours = (await jwe.encrypt({}, 60)).split('.')
      const theirs = (await authEncode({ token: {}, secret, salt })).split('.')
      expect(ours[0]).toBe(theirs[0])
      expect(ours).toHaveLength(5)
      expect(ours[1]).toBe('')
      expect(Buffer.from(ours[2]!, 'base64url')).toHaveLength(16)
      expect(Buffer.from(ours[4]!, 'base64url')).toHaveLength(32)
    })

    it('sets iat, exp and a UUID jti, overwriting old values in place', async () => {
      const token = await jwe.encrypt({ iat: 1, sub: 'u', exp: 2, jti: 'old' }, 3600, now)
      const result = (await jwe.decrypt(token, now))!
      expect(result.payload).toStrictEqual({
        iat: nowSeconds,
        sub: 'u',
        exp: nowSeconds + 3600,
        jti: expect.any(String),
      })
      expect(result.payload.jti).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(Object.keys(JSON.parse(result.plaintext) as object)).toStrictEqual(['iat', 'sub', 'exp', 'jti'])
      expect(result.iat).toBe(nowSeconds)
    })

    it('uses a fresh IV and jti every time', async () => {
      const [first, second] = [await jwe.encrypt({}, 60, now), await jwe.encrypt({}, 60, now)]
      expect(first.split('.')[2]).not.toBe(second.split('.')[2])
      expect((await jwe.decrypt(first, now))!.payload.jti).not.toBe(
        (await jwe.decrypt(second, now))!.payload.jti,
      )
    })

    it('refuses a non-object payload and a non-finite maxAge or time', () => {
      expect(() => jwe.encrypt([] as unknown as Record<string, unknown>, 60)).toThrow(TypeError)
      expect(() => jwe.encrypt(null as unknown as Record<string, unknown>, 60)).toThrow(TypeError)
      expect(() => jwe.encrypt({}, Number.NaN)).toThrow(TypeError)
      expect(() => jwe.encrypt({}, 60, Number.POSITIVE_INFINITY)).toThrow(TypeError)
    })

    it('refuses to be built without secrets', () => {
      expect(() => new SessionJwe([], salt, crypto)).toThrow(TypeError)
      expect(() => new SessionJwe('', salt, crypto)).toThrow(TypeError)
      expect(() => new SessionJwe(['ok', ''], salt, crypto)).toThrow(TypeError)
    })
  })

  describe('SessionJwe and jose are equivalent', () => {
    const seeds = Array.from({ length: 40 }, (_, index) => index + 1)

    it.each(seeds)(
      'jose tokens decrypt to the same claims (payload #%i, both encs, with and without kid)',
      async (seed) => {
        const payload = randomPayload(seed)
        for (const enc of ['A256CBC-HS512', 'A256GCM'] as const) {
          for (const withKid of [true, false]) {
            const token = await joseToken(payload, enc, withKid)
            const { plaintext } = await compactDecrypt(token, enc === 'A256GCM' ? gcmKey : cbcKey)
            const result = await jwe.decrypt(token)
            expect(result?.payload).toStrictEqual(payload)
            expect(result?.plaintext).toBe(new TextDecoder().decode(plaintext))
          }
        }
      },
    )

    it.each(seeds)(
      'our tokens decrypt with jose to the same claims and header (payload #%i)',
      async (seed) => {
        const payload = randomPayload(seed)
        const token = await jwe.encrypt(payload, 3600)
        const { payload: decrypted, protectedHeader } = await jwtDecrypt(token, cbcKey, {
          clockTolerance: 15,
        })
        expect(protectedHeader).toStrictEqual(header)
        expect(decrypted).toStrictEqual((await jwe.decrypt(token))!.payload)
        expect(decrypted).toMatchObject(payload)
      },
    )

    it('agrees with jose on exp and nbf at every second around the 15 s tolerance', async () => {
      const options = { clockTolerance: 15, currentDate: new Date(now) }
      for (let offset = -20; offset <= 20; offset++) {
        for (const claim of ['exp', 'nbf'] as const) {
          const token = await joseToken({ [claim]: nowSeconds + offset })
          const joseAccepts = await jwtDecrypt(token, cbcKey, options).then(
            () => true,
            () => false,
          )
          expect([claim, offset, (await jwe.decrypt(token, now)) !== null]).toStrictEqual([
            claim,
            offset,
            joseAccepts,
          ])
        }
      }
      expect(await jwe.decrypt(await joseToken({ exp: nowSeconds - 15 }), now)).toBeNull()
      expect(await jwe.decrypt(await joseToken({ exp: nowSeconds - 14 }), now)).not.toBeNull()
      expect(await jwe.decrypt(await joseToken({ nbf: nowSeconds + 15 }), now)).not.toBeNull()
      expect(await jwe.decrypt(await joseToken({ nbf: nowSeconds + 16 }), now)).toBeNull()
    })

    it('reports iat only when the token has one', async () => {
      const result = (await jwe.decrypt(await joseToken({ sub: 'u' })))!
      expect(result).not.toHaveProperty('iat')
    })
  })

  describe('SessionJwe.decrypt rejects', () => {
    it.each([
      ['the protected header', 0],
      ['the IV', 2],
      ['the ciphertext', 3],
      ['the tag', 4],
    ])('a token with %s tampered at any position (as jose does)', async (_, segment) => {
      const token = await jwe.encrypt({ sub: 'user', pad: 'x'.repeat(100) }, 3600)
      const parts = token.split('.')
      const part = parts[segment]!
      for (const position of [0, 1, Math.floor(part.length / 2), part.length - 2, part.length - 1]) {
        const tampered = parts
          .map((text, index) => (index === segment ? replaceChar(text, position) : text))
          .join('.')
        expect(await jwe.decrypt(tampered)).toBeNull()
        const sameBytes = Buffer.from(part, 'base64url').equals(
          Buffer.from(tampered.split('.')[segment]!, 'base64url'),
        )
        if (!sameBytes) await expect(jwtDecrypt(tampered, cbcKey)).rejects.toThrow()
      }
    })

    it('a tag that differs only in the unused bits of its last character (jose accepts it)', async () => {
      const parts = (await jwe.encrypt({ sub: 'user' }, 3600)).split('.')
      const tag = parts[4]!
      const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(tag.at(-1)!)
      const twin = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[last ^ 1]!
      const tampered = [...parts.slice(0, 4), tag.slice(0, -1) + twin].join('.')
      await expect(jwtDecrypt(tampered, cbcKey)).resolves.toBeDefined()
      expect(await jwe.decrypt(tampered)).toBeNull()
    })

    it.each([31, 33, 64, 16, 0])('a CBC tag of %i bytes', async (length) => {
      const parts = (await jwe.encrypt({ sub: 'user' }, 3600)).split('.')
      const tag = Buffer.alloc(length)
      Buffer.from(parts[4]!, 'base64url').copy(tag)
      expect(await jwe.decrypt([...parts.slice(0, 4), tag.toString('base64url')].join('.'))).toBeNull()
    })

    it('an IV of the wrong length', async () => {
      const parts = (await jwe.encrypt({ sub: 'user' }, 3600)).split('.')
      for (const length of [0, 12, 15, 17]) {
        const iv = Buffer.alloc(length, 1).toString('base64url')
        expect(await jwe.decrypt([parts[0], '', iv, parts[3], parts[4]].join('.'))).toBeNull()
      }
    })

    it('a tampered A256GCM token and a short GCM tag', async () => {
      const parts = (await joseToken({ sub: 'user' }, 'A256GCM')).split('.')
      for (const segment of [0, 2, 3, 4]) {
        const tampered = parts
          .map((text, index) => (index === segment ? replaceChar(text, 0) : text))
          .join('.')
        expect(await jwe.decrypt(tampered)).toBeNull()
      }
      const shortTag = Buffer.from(parts[4]!, 'base64url').subarray(0, 12).toString('base64url')
      expect(await jwe.decrypt([...parts.slice(0, 4), shortTag].join('.'))).toBeNull()
    })

    it('an expired token beyond the tolerance, and accepts one within it', async () => {
      const token = await jwe.encrypt({ sub: 'user' }, 60, now)
      expect(await jwe.decrypt(token, now + 74_000)).not.toBeNull()
      expect(await jwe.decrypt(token, now + 75_000)).toBeNull()
      expect(await jwe.decrypt(token, now + 3_600_000)).toBeNull()
      expect(await jwe.decrypt(token, Number.NaN)).toBeNull()
    })

    it('a token of another secret or another salt', async () => {
      const token = await jwe.encrypt({ sub: 'user' }, 60)
      expect(await new SessionJwe('another-secret', salt, crypto).decrypt(token)).toBeNull()
      expect(await new SessionJwe(secret, '__Secure-authjs.session-token', crypto).decrypt(token)).toBeNull()
      expect(
        await new SessionJwe('another-secret', salt, crypto).decrypt(
          await joseToken({}, 'A256CBC-HS512', false),
        ),
      ).toBeNull()
    })

    it.each([
      '',
      '.',
      '....',
      '.....',
      'a.b.c.d.e',
      'not a token',
      'null',
      '{"alg":"none"}',
      'eyJhbGciOiJkaXIifQ..AAAA.AAAA.AAAA',
      '\u0000\u0000\u0000\u0000.\u0000',
    ])('the garbage string %j', async (garbage) => {
      expect(await jwe.decrypt(garbage)).toBeNull()
    })

    it.each([undefined, null, 42, {}, ['a']])('the non-string %j', async (value) => {
      expect(await jwe.decrypt(value as never)).toBeNull()
    })

    it('five parts of junk base64url, and valid segments with padding or the standard alphabet', async () => {
      // The standard-alphabet case needs a tag with a `-` or `_` in it (about 3 tokens in 4 have one).
      let parts = (await jwe.encrypt({ sub: 'user' }, 60)).split('.')
      while (!/[-_]/.test(parts[4]!)) parts = (await jwe.encrypt({ sub: 'user' }, 60)).split('.')
      const [protectedHeader, , iv, ciphertext, tag] = parts
      expect(await jwe.decrypt(`${protectedHeader}..!!!!.@@@@.####`)).toBeNull()
      expect(await jwe.decrypt(`${protectedHeader}..${iv}.${ciphertext}.${tag}==`)).toBeNull()
      expect(
        await jwe.decrypt(
          `${protectedHeader}..${iv}.${ciphertext}.${tag!.replace(/-/g, '+').replace(/_/g, '/')}`,
        ),
      ).toBeNull()
      expect(await jwe.decrypt(`${protectedHeader}..${iv}.${ciphertext} .${tag}`)).toBeNull()
      expect(await jwe.decrypt(`${protectedHeader}..${iv}.${ciphertext}.${tag}.`)).toBeNull()
      expect(await jwe.decrypt(`${protectedHeader}.AAAA.${iv}.${ciphertext}.${tag}`)).toBeNull()
      expect(await jwe.decrypt(`${protectedHeader}..${iv}.${ciphertext}`)).toBeNull()
    })

    it('a huge token, while a large legitimate one still decrypts', async () => {
      expect(await jwe.decrypt(await jwe.encrypt({ pad: 'x'.repeat(40_000) }, 60))).not.toBeNull()
      expect(await jwe.decrypt(await jwe.encrypt({ pad: 'x'.repeat(50_000) }, 60))).toBeNull()
      expect(await jwe.decrypt(`${'A'.repeat(1_000_000)}..A.A.A`)).toBeNull()
    })

    it('accepts a crafted token with an extra header member (so the rejections below are the header checks)', async () => {
      expect((await jwe.decrypt(craft({ ...header, typ: 'JWT' }, '{"sub":"user"}')))?.payload).toStrictEqual({
        sub: 'user',
      })
      expect(
        (await jwe.decrypt(craft({ alg: 'dir', enc: 'A256CBC-HS512' }, '{"sub":"user"}')))?.payload,
      ).toStrictEqual({
        sub: 'user',
      })
    })

    it.each([
      ['a zip header', { ...header, zip: 'DEF' }],
      ['a crit header', { ...header, crit: ['exp'], exp: 1 }],
      ['an empty crit header', { ...header, crit: [] }],
      ['alg none', { ...header, alg: 'none' }],
      ['alg A256KW', { ...header, alg: 'A256KW' }],
      ['alg PBES2', { ...header, alg: 'PBES2-HS512+A256KW' }],
      ['no alg', { enc: header.enc, kid: header.kid }],
      ['enc A128CBC-HS256', { ...header, enc: 'A128CBC-HS256' }],
      ['no enc', { alg: 'dir', kid: header.kid }],
      ['an unknown kid', { ...header, kid: 'unknown' }],
      ['a numeric kid', { ...header, kid: 42 }],
      ['a null kid', { ...header, kid: null }],
      ['a replicated iss that differs', { ...header, iss: 'https://evil.example' }],
      ['a replicated aud that differs', { ...header, aud: 'someone' }],
    ])('%s', async (_, badHeader) => {
      expect(await jwe.decrypt(craft(badHeader, '{"sub":"user","iss":"https://app.example"}'))).toBeNull()
    })

    it('a header that is not a JSON object or not UTF-8, even correctly encrypted', async () => {
      for (const protectedHeader of ['[]', '"dir"', '{', 'null', '']) {
        expect(await jwe.decrypt(craft(Buffer.from(protectedHeader), '{}'))).toBeNull()
      }
      const notUtf8 = Buffer.from('{"alg":"dir","enc":"A256CBC-HS512","x":"\xff"}', 'latin1')
      expect(await jwe.decrypt(craft(notUtf8, '{}'))).toBeNull()
      expect(await jwe.decrypt(craft(Buffer.from(notUtf8.toString('latin1'), 'utf8'), '{}'))).not.toBeNull()
    })

    it.each([
      ['an array', '[1]'],
      ['a number', '42'],
      ['null', 'null'],
      ['invalid JSON', '{"sub":'],
      ['an empty plaintext', ''],
      ['a string iat', '{"iat":"1"}'],
      ['a null iat', '{"iat":null}'],
      ['a string exp', `{"exp":"${nowSeconds + 60}"}`],
      ['a string nbf', '{"nbf":"0"}'],
    ])('claims that are %s', async (_, claims) => {
      expect(await jwe.decrypt(craft(header, claims), now)).toBeNull()
    })

    it('claims that are not UTF-8', async () => {
      expect(
        await jwe.decrypt(craft(header, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))),
      ).toBeNull()
    })

    it('never throws on random mutations of a valid token', async () => {
      const token = await jwe.encrypt({ sub: 'user', email: 'u@example.com' }, 3600)
      const alphabet = 'ABCxyz019-_.=+/%~ \u0000é'
      let state = 7
      for (let round = 0; round < 3000; round++) {
        state = (state * 48_271) % 2_147_483_647
        const index = state % token.length
        const char = alphabet[state % alphabet.length]!
        const mutated =
          round % 3 === 0
            ? token.slice(0, index) + char + token.slice(index + 1)
            : round % 3 === 1
              ? token.slice(0, index)
              : token.slice(0, index) + char + token.slice(index)
        const result = await jwe.decrypt(mutated)
        if (mutated !== token) expect(result).toBeNull()
      }
    })
  })

  describe('secret rotation', () => {
    const rotated = new SessionJwe(['new-secret', secret], salt, crypto)

    it('decrypts a token of the old secret by its kid, and encrypts with the new one', async () => {
      const old = await authEncode({ token: { sub: 'user' }, secret, salt })
      expect((await rotated.decrypt(old))?.payload.sub).toBe('user')
      const fresh = await rotated.encrypt({ sub: 'user' }, 60)
      expect(await new SessionJwe('new-secret', salt, crypto).decrypt(fresh)).not.toBeNull()
      expect(await jwe.decrypt(fresh)).toBeNull()
    })

    it('tries every secret for a token without kid (Auth.js tries only the first)', async () => {
      const token = await joseToken({ sub: 'user' }, 'A256CBC-HS512', false)
      expect((await rotated.decrypt(token))?.payload.sub).toBe('user')
      await expect(authDecode({ token, secret: ['new-secret', secret], salt })).rejects.toThrow()
      expect((await rotated.decrypt(await joseToken({ sub: 'gcm' }, 'A256GCM', false)))?.payload.sub).toBe(
        'gcm',
      )
    })

    it('decrypts A256GCM tokens by their SHA-256 kid', async () => {
      expect((await rotated.decrypt(await joseToken({ sub: 'gcm' }, 'A256GCM')))?.payload.sub).toBe('gcm')
    })
  })
})
