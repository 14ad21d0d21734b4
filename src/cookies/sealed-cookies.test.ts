import { decode as authDecode, encode as authEncode } from '@auth/core/jwt'
import { describe, expect, it } from 'vitest'
import { SealedCookies } from './sealed-cookies.js'

const NEW = 'the-new-secret-of-at-least-32-characters!'
const OLD = 'the-old-secret-of-at-least-32-characters!'
const SALT = 'authjs.state'

describe('SealedCookies', () => {
  it('opens what it sealed, with the claims Auth.js adds', async () => {
    const sealed = new SealedCookies([NEW])
    const value = await sealed.seal(SALT, { value: 'v', provider: 'p' }, 900)
    const claims = await sealed.open(SALT, value)
    expect(claims).toMatchObject({ value: 'v', provider: 'p' })
    expect(claims!.exp! - claims!.iat!).toBe(900)
    expect(typeof claims!.jti).toBe('string')
  })

  it('is Auth.js encode/decode on the wire, both ways', async () => {
    const sealed = new SealedCookies([NEW])
    const ours = await sealed.seal(SALT, { value: 'v' }, 900)
    expect(await authDecode({ token: ours, secret: NEW, salt: SALT })).toMatchObject({ value: 'v' })
    const theirs = await authEncode({ token: { value: 'w' }, secret: NEW, salt: SALT, maxAge: 900 })
    expect(await sealed.open(SALT, theirs)).toMatchObject({ value: 'w' })
    // The protected header is byte for byte Auth.js's (alg, enc, kid in that order).
    expect(ours.split('.')[0]).toBe(theirs.split('.')[0])
  })

  it('seals with the first secret and opens with any (rotation)', async () => {
    const before = await new SealedCookies([OLD]).seal(SALT, { value: 'old' }, 900)
    const rotated = new SealedCookies([NEW, OLD])
    expect(await rotated.open(SALT, before)).toMatchObject({ value: 'old' })
    const after = await rotated.seal(SALT, { value: 'new' }, 900)
    expect(await new SealedCookies([NEW]).open(SALT, after)).toMatchObject({ value: 'new' })
    expect(await new SealedCookies([OLD]).open(SALT, after)).toBeNull()
  })

  it('refuses another salt, another secret, a tampered or an expired value, and garbage', async () => {
    const sealed = new SealedCookies([NEW])
    const value = await sealed.seal(SALT, { value: 'v' }, 60)
    expect(await sealed.open('authjs.nonce', value)).toBeNull()
    expect(await new SealedCookies([OLD]).open(SALT, value)).toBeNull()
    const parts = value.split('.')
    const ciphertext = parts[3]!
    parts[3] = `${ciphertext.slice(0, -2)}${ciphertext.endsWith('A') ? 'B' : 'A'}${ciphertext.slice(-1)}`
    expect(await sealed.open(SALT, parts.join('.'))).toBeNull()
    // 60 s of life and 15 s of clock tolerance: gone 76 s later, still there at 74 s.
    expect(await sealed.open(SALT, value, Date.now() + 74_000)).not.toBeNull()
    expect(await sealed.open(SALT, value, Date.now() + 76_000)).toBeNull()
    for (const junk of ['', 'a.b.c.d.e', 'not a token', 'x'.repeat(70_000)]) {
      expect(await sealed.open(SALT, junk)).toBeNull()
    }
  })

  it('needs a secret', () => {
    expect(() => new SealedCookies([])).toThrow(TypeError)
  })
})
