import { createCipheriv } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  aadLength,
  decryptA256CbcHs512,
  encryptA256CbcHs512,
  importA256CbcHs512Key,
} from './a256cbc-hs512.js'

/** RFC 7518 Appendix B.3, the AES_256_CBC_HMAC_SHA_512 test case. */
const rfc = {
  key: Buffer.from(Array.from({ length: 64 }, (_, index) => index)),
  plaintext: Buffer.from(
    'A cipher system must not be required to be secret, and it must be able to fall into the hands of the ' +
      'enemy without inconvenience',
  ),
  iv: Buffer.from('1af38c2dc2b96ffdd86694092341bc04', 'hex'),
  aad: Buffer.from('The second principle of Auguste Kerckhoffs'),
  al: Buffer.from('0000000000000150', 'hex'),
  tag: Buffer.from('4dd3b4c088a7f45c216839645b2012bf2e6269a8c56a816dbc1b267761955bc5', 'hex'),
}
const key = importA256CbcHs512Key(rfc.key)
// The AES-CBC half is plain OpenSSL; what the vector checks is our key split, AL and tag.
const rfcCiphertext = (() => {
  const cipher = createCipheriv('aes-256-cbc', rfc.key.subarray(32), rfc.iv)
  return Buffer.concat([cipher.update(rfc.plaintext), cipher.final()])
})()

describe('A256CBC-HS512', () => {
  it('computes AL as in RFC 7518 B.3', () => {
    expect(aadLength(rfc.aad)).toStrictEqual(rfc.al)
    expect(aadLength(new Uint8Array(0))).toStrictEqual(Buffer.alloc(8))
  })

  it('verifies the RFC 7518 B.3 tag and decrypts', () => {
    expect(decryptA256CbcHs512(key, rfc.iv, rfcCiphertext, rfc.tag, rfc.aad)).toStrictEqual(rfc.plaintext)
  })

  it('rejects a flipped bit anywhere and a wrong AAD', () => {
    for (const [name, buffer] of Object.entries({ iv: rfc.iv, ct: rfcCiphertext, tag: rfc.tag })) {
      for (const index of [0, buffer.length - 1]) {
        const flipped = Buffer.from(buffer)
        flipped[index]! ^= 1
        const parts = { iv: rfc.iv, ct: rfcCiphertext, tag: rfc.tag, [name]: flipped }
        expect(decryptA256CbcHs512(key, parts.iv, parts.ct, parts.tag, rfc.aad)).toBeNull()
      }
    }
    expect(decryptA256CbcHs512(key, rfc.iv, rfcCiphertext, rfc.tag, Buffer.from('other'))).toBeNull()
  })

  it('rejects wrong lengths before doing any crypto', () => {
    expect(decryptA256CbcHs512(key, rfc.iv, rfcCiphertext, rfc.tag.subarray(0, 16), rfc.aad)).toBeNull()
    expect(decryptA256CbcHs512(key, rfc.iv.subarray(0, 12), rfcCiphertext, rfc.tag, rfc.aad)).toBeNull()
    expect(decryptA256CbcHs512(key, rfc.iv, rfcCiphertext.subarray(1), rfc.tag, rfc.aad)).toBeNull()
    expect(decryptA256CbcHs512(key, rfc.iv, Buffer.alloc(0), rfc.tag, rfc.aad)).toBeNull()
  })

  it('round-trips with a fresh IV each time', () => {
    const first = encryptA256CbcHs512(key, rfc.plaintext, rfc.aad)
    const second = encryptA256CbcHs512(key, rfc.plaintext, rfc.aad)
    expect(first.iv).not.toStrictEqual(second.iv)
    expect(decryptA256CbcHs512(key, first.iv, first.ciphertext, first.tag, rfc.aad)).toStrictEqual(
      rfc.plaintext,
    )
  })

  it('refuses a key that is not 64 bytes', () => {
    expect(() => importA256CbcHs512Key(new Uint8Array(32))).toThrow(TypeError)
  })
})
