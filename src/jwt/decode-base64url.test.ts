import { describe, expect, it } from 'vitest'
import { decodeBase64url } from './decode-base64url.js'

describe('decodeBase64url', () => {
  it('decodes canonical unpadded base64url', () => {
    expect(decodeBase64url('')).toStrictEqual(Buffer.alloc(0))
    expect(decodeBase64url('-_8')).toStrictEqual(Buffer.from([0xfb, 0xff]))
    expect(decodeBase64url('AQID')).toStrictEqual(Buffer.from([1, 2, 3]))
  })

  it.each(['AQ==', '+/8', 'A', 'AQ I', 'AQ.', 'A!', 'AR', 'AQJ', '\u00e9A'])('rejects %j', (segment) => {
    expect(decodeBase64url(segment)).toBeNull()
  })
})
