import { describe, expect, it } from 'vitest'
import { cryptoBackends } from '../../test/support/crypto-backends.js'

describe.each(cryptoBackends)(
  'decodeBase64url, %s backend',
  (_name, { decodeBase64url, encodeBase64url }) => {
    it('decodes canonical unpadded base64url', () => {
      expect([...decodeBase64url('')!]).toStrictEqual([])
      expect([...decodeBase64url('-_8')!]).toStrictEqual([0xfb, 0xff])
      expect([...decodeBase64url('AQID')!]).toStrictEqual([1, 2, 3])
    })

    it.each(['AQ==', '+/8', 'A', 'AQ I', 'AQ.', 'A!', 'AR', 'AQJ', '\u00e9A'])('rejects %j', (segment) => {
      expect(decodeBase64url(segment)).toBeNull()
    })

    it('round-trips every length and byte value as Buffer does', () => {
      for (let length = 0; length < 70; length++) {
        const bytes = Uint8Array.from({ length }, (_, index) => (index * 37 + length * 11) & 0xff)
        const encoded = encodeBase64url(bytes)
        expect(encoded).toBe(Buffer.from(bytes).toString('base64url'))
        expect(Buffer.from(decodeBase64url(encoded)!)).toStrictEqual(Buffer.from(bytes))
      }
    })
  },
)
