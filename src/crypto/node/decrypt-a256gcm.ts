/**
 * A256GCM JWE content decryption on `node:crypto`. Auth.js never writes A256GCM session tokens but accepts them,
 * so Gatehouse decrypts them too and never produces them.
 *
 * @module
 */
import { createDecipheriv, createSecretKey } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import type { A256GcmKey as OpaqueKey } from '../crypto-backend.js'

/** A 32-byte A256GCM key, imported once. */
export interface A256GcmKey extends OpaqueKey {
  readonly key: KeyObject
}

/**
 * Imports a 32-byte A256GCM key once, so that decryption does not copy it per call.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.3
 */
export function importA256GcmKey(key: Uint8Array): A256GcmKey {
  if (key.byteLength !== 32) throw new TypeError(`A256GCM needs a 32-byte key, got ${key.byteLength}`)
  return { enc: 'A256GCM', key: createSecretKey(key) }
}

/**
 * Decrypts and authenticates an A256GCM ciphertext; returns `null` on any failure.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.3
 */
export function decryptA256Gcm(
  key: A256GcmKey,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
  aad: Uint8Array,
): Buffer | null {
  // RFC 7518 §5.3: 96-bit IV and a full 128-bit tag; OpenSSL would otherwise accept a tag as short as 4 bytes.
  if (iv.byteLength !== 12 || tag.byteLength !== 16) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: 16 })
    decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    return null
  }
}
