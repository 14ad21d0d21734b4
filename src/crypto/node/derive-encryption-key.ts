/**
 * Derives the session-token encryption key from a secret exactly as Auth.js v5 does, and names it with the `kid`
 * that Auth.js puts in the token header.
 *
 * @module
 */
import { createHash, hkdfSync } from 'node:crypto'
import type { ContentEncryption } from '../crypto-backend.js'
import { keyLength } from '../key-length.js'

/**
 * Derives the key for `enc` with HKDF-SHA256 (IKM = secret, salt = the cookie name, info = `Auth.js Generated
 * Encryption Key (<salt>)`): 64 bytes for A256CBC-HS512, 32 for A256GCM.
 *
 * @example
 * ```ts
 * const key = deriveEncryptionKey('A256CBC-HS512', process.env.AUTH_SECRET!, 'authjs.session-token')
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc5869
 */
export function deriveEncryptionKey(enc: ContentEncryption, secret: string, salt: string): Uint8Array {
  if (typeof secret !== 'string' || secret === '') {
    // HKDF accepts an empty IKM, but a key derived from nothing is public; Auth.js refuses it too.
    throw new TypeError('The secret must be a non-empty string')
  }
  if (typeof salt !== 'string') throw new TypeError('The salt must be a string (the cookie name)')
  const length = keyLength(enc)
  return new Uint8Array(
    hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, length),
  )
}

/**
 * Computes the RFC 7638 thumbprint of the key as an `oct` JWK, hashed with SHA-512 for a 64-byte key and SHA-256
 * for a 32-byte one (the hash size follows the key size, as in Auth.js); it is the token header's `kid`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7638#section-3.2
 */
export function jwkThumbprint(key: Uint8Array): string {
  if (key.byteLength !== 32 && key.byteLength !== 64) {
    throw new TypeError(`Unsupported key length ${key.byteLength}: expected 32 or 64 bytes`)
  }
  // RFC 7638 §3.2: the required members only, in lexicographic order, no whitespace.
  const jwk = `{"k":"${Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('base64url')}","kty":"oct"}`
  return createHash(key.byteLength === 64 ? 'sha512' : 'sha256')
    .update(jwk)
    .digest('base64url')
}
