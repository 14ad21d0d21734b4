import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256Base64 } from './sha256-base64.js'

const reference = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64')

describe('sha256Base64', () => {
  it('matches the FIPS 180-4 example for "abc"', () => {
    expect(sha256Base64('abc')).toBe(
      Buffer.from('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'hex').toString(
        'base64',
      ),
    )
  })

  // 55, 56 and 64 bytes are where the length field stops fitting in the last block.
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 10_000])('matches node:crypto for %i bytes', (n) => {
    const text = 'a'.repeat(n)
    expect(sha256Base64(text)).toBe(reference(text))
  })

  it('hashes the UTF-8 encoding of non-ASCII text', () => {
    const text = 'Grüße ✓ 世界 😀'.repeat(40)
    expect(sha256Base64(text)).toBe(reference(text))
  })
})
