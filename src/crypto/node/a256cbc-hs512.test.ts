import { createCipheriv } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { aadLength as portableAadLength } from '../crypto-backend.js'
import {
  aadLength,
  decryptA256CbcHs512,
  encryptA256CbcHs512,
  importA256CbcHs512Key,
  IvPool,
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
    // The portable one, which SessionJwe uses with both backends.
    expect(Buffer.from(portableAadLength(rfc.aad))).toStrictEqual(rfc.al)
    expect(Buffer.from(portableAadLength(new Uint8Array(0)))).toStrictEqual(Buffer.alloc(8))
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

  it('hands out 10,000 distinct IVs, no two sharing a byte of the random blocks', () => {
    const pool = new IvPool()
    const ivs = Array.from({ length: 10_000 }, () => pool.next())
    expect(ivs.every((iv) => iv.byteLength === 16)).toBe(true)
    expect(new Set(ivs.map((iv) => iv.toString('hex'))).size).toBe(ivs.length)
    const ranges = new Map<ArrayBufferLike, Array<[number, number]>>()
    for (const iv of ivs) {
      const list = ranges.get(iv.buffer) ?? []
      list.push([iv.byteOffset, iv.byteOffset + iv.byteLength])
      ranges.set(iv.buffer, list)
    }
    // 10,000 IVs of 16 bytes span several blocks, so refills are covered too.
    expect(ranges.size).toBeGreaterThan(1)
    let overlaps = 0
    for (const list of ranges.values()) {
      list.sort(([a], [b]) => a - b)
      for (let index = 1; index < list.length; index++) if (list[index]![0] < list[index - 1]![1]) overlaps++
    }
    expect(overlaps).toBe(0)
  })

  it('gives every imported key its own IV pool, so no randomness is shared across keys', () => {
    const other = importA256CbcHs512Key(rfc.key)
    expect(other.ivs).not.toBe(key.ivs)
    const mine = encryptA256CbcHs512(key, rfc.plaintext, rfc.aad).iv
    const theirs = encryptA256CbcHs512(other, rfc.plaintext, rfc.aad).iv
    expect(mine.buffer).not.toBe(theirs.buffer)
    expect(mine).not.toStrictEqual(theirs)
  })

  it('refuses a key that is not 64 bytes', () => {
    expect(() => importA256CbcHs512Key(new Uint8Array(32))).toThrow(TypeError)
  })
})
