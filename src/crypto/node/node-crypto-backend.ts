/**
 * The `node:crypto` implementation of {@link CryptoBackend}, chosen by the `node` condition of `#crypto`: every
 * operation is synchronous (no hop to libuv's thread pool), keys are imported once, and IVs come from a pooled
 * CSPRNG block. This is the measured session hot path (`npm run bench`).
 *
 * @module
 */
import { isUtf8 } from 'node:buffer'
import nodeCrypto, { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { CryptoBackend } from '../crypto-backend.js'
import { decryptA256CbcHs512, encryptA256CbcHs512, importA256CbcHs512Key } from './a256cbc-hs512.js'
import type { A256CbcHs512Key } from './a256cbc-hs512.js'
import { decodeBase64url } from './decode-base64url.js'
import { decryptA256Gcm, importA256GcmKey } from './decrypt-a256gcm.js'
import type { A256GcmKey } from './decrypt-a256gcm.js'
import { deriveEncryptionKey, jwkThumbprint } from './derive-encryption-key.js'

// `crypto.hash` (Node 20.12+) skips the Hash object: about 3 µs less on every database session check. Read off the
// default export, since a named import of it would fail to link on Node 20.11, which `engines` still allows.
const oneShot = typeof nodeCrypto.hash === 'function'

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** The `node:crypto` backend; the same export name as the WebCrypto one, so `#crypto` can pick either. */
export const cryptoBackend: CryptoBackend = {
  name: 'node',
  randomBytes: (length) => randomBytes(length),
  randomUUID: () => randomUUID(),
  sha256Hex: (text) =>
    oneShot ? nodeCrypto.hash('sha256', text, 'hex') : createHash('sha256').update(text).digest('hex'),
  sha256: (text) => createHash('sha256').update(text).digest(),
  timingSafeEqual(a, b) {
    const x = Buffer.from(a)
    const y = Buffer.from(b)
    return x.length === y.length && timingSafeEqual(x, y)
  },
  encodeBase64url: (bytes) => asBuffer(bytes).toString('base64url'),
  decodeBase64url,
  encodeUtf8: (text) => Buffer.from(text, 'utf8'),
  decodeUtf8: (bytes) => (isUtf8(bytes) ? asBuffer(bytes).toString('utf8') : null),
  deriveEncryptionKey,
  jwkThumbprint,
  importA256CbcHs512Key,
  importA256GcmKey,
  encryptA256CbcHs512: (key, plaintext, aad, al) =>
    encryptA256CbcHs512(key as A256CbcHs512Key, plaintext, aad, al),
  decryptA256CbcHs512: (key, iv, ciphertext, tag, aad, al) =>
    decryptA256CbcHs512(key as A256CbcHs512Key, iv, ciphertext, tag, aad, al),
  decryptA256Gcm: (key, iv, ciphertext, tag, aad) =>
    decryptA256Gcm(key as A256GcmKey, iv, ciphertext, tag, aad),
}
