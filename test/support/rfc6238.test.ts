import { describe, expect, it } from 'vitest'
import { totpCode } from './rfc6238.js'

describe('the test TOTP', () => {
  it('gives the RFC 6238 appendix B values (SHA-1, 8 digits taken as the last 6)', () => {
    // Seed "12345678901234567890" in base32; RFC 6238 lists 94287082 at T=59, 07081804 at 1111111109.
    const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    expect(totpCode(seed, Math.floor(59 / 30))).toBe('287082')
    expect(totpCode(seed, Math.floor(1111111109 / 30))).toBe('081804')
    expect(totpCode(seed, Math.floor(1234567890 / 30))).toBe('005924')
  })
})
