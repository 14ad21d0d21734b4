import { encode as authEncode } from '@auth/core/jwt'
import { base64url, calculateJwkThumbprint } from 'jose'
import { describe, expect, it } from 'vitest'
import { cryptoBackends } from '../../test/support/crypto-backends.js'

/** An independent HKDF (WebCrypto) to check ours against. */
async function webCryptoHkdf(secret: string, salt: string, bits: number): Promise<Uint8Array> {
  const encoder = new TextEncoder()
  const ikm = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveBits'])
  const info = encoder.encode(`Auth.js Generated Encryption Key (${salt})`)
  const params = { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(salt), info }
  return new Uint8Array(await crypto.subtle.deriveBits(params, ikm, bits))
}

describe.each(cryptoBackends)('%s backend', (_name, { deriveEncryptionKey, jwkThumbprint }) => {
  describe('deriveEncryptionKey', () => {
    it.each(['authjs.session-token', '__Secure-authjs.session-token', 'encodedState', ''])(
      'derives the HKDF-SHA256 key with salt %j',
      async (salt) => {
        const secret = 'sécret ✓'
        expect(await deriveEncryptionKey('A256CBC-HS512', secret, salt)).toStrictEqual(
          await webCryptoHkdf(secret, salt, 512),
        )
        expect(await deriveEncryptionKey('A256GCM', secret, salt)).toStrictEqual(
          await webCryptoHkdf(secret, salt, 256),
        )
      },
    )

    it('rejects an empty secret, a non-string salt and an unknown encryption', () => {
      expect(() => deriveEncryptionKey('A256CBC-HS512', '', 'salt')).toThrow(TypeError)
      expect(() => deriveEncryptionKey('A256CBC-HS512', 's', undefined as unknown as string)).toThrow(
        TypeError,
      )
      expect(() => deriveEncryptionKey('A128GCM' as 'A256GCM', 's', 'salt')).toThrow(TypeError)
    })
  })

  describe('jwkThumbprint', () => {
    it('equals jose calculateJwkThumbprint with SHA-512 for 64-byte and SHA-256 for 32-byte keys', async () => {
      for (const [enc, digest] of [
        ['A256CBC-HS512', 'sha512'],
        ['A256GCM', 'sha256'],
      ] as const) {
        const key = await deriveEncryptionKey(enc, 'secret', 'authjs.session-token')
        const expected = await calculateJwkThumbprint({ kty: 'oct', k: base64url.encode(key) }, digest)
        expect(await jwkThumbprint(key)).toBe(expected)
      }
    })

    it('equals the kid in the header of a token Auth.js encoded', async () => {
      const salt = '__Secure-authjs.session-token'
      const token = await authEncode({ token: {}, secret: 'secret', salt })
      const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }
      expect(await jwkThumbprint(await deriveEncryptionKey('A256CBC-HS512', 'secret', salt))).toBe(header.kid)
    })

    it('refuses keys of other lengths', () => {
      expect(() => jwkThumbprint(new Uint8Array(16))).toThrow(TypeError)
    })
  })
})
