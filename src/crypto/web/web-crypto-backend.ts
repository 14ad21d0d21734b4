/**
 * The WebCrypto implementation of {@link CryptoBackend}, chosen by `#crypto` wherever the `node` condition is absent
 * (Next.js middleware on the Edge runtime, Cloudflare Workers, Deno, browsers): `crypto.subtle` and
 * `crypto.getRandomValues` only, no `node:` module. Hashes that must stay synchronous (CSRF, session tokens) use the
 * plain-TypeScript SHA-256.
 *
 * @module
 */
import { aadLength } from '../crypto-backend.js'
import type { A256CbcHs512Key, A256CbcHs512Result, A256GcmKey, CryptoBackend } from '../crypto-backend.js'
import { sha256 } from '../sha256.js'
import { decodeBase64url, encodeBase64url } from './base64url.js'
import { timingSafeEqual } from './timing-safe-equal.js'
import { keyLength } from '../key-length.js'

interface WebCbcKey extends A256CbcHs512Key {
  readonly macKey: CryptoKey
  readonly encKey: CryptoKey
}

interface WebGcmKey extends A256GcmKey {
  readonly key: CryptoKey
}

const IV_LENGTH = 16
const TAG_LENGTH = 32
const encoder = new TextEncoder()
// `ignoreBOM` keeps a leading U+FEFF, as the Node backend does; `fatal` rejects invalid UTF-8 as jose does.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** WebCrypto's types want bytes over an `ArrayBuffer`; copy only a view of a shared buffer. */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)
}

function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16)
  return out
}

async function hkdf(secret: string, salt: string, length: number): Promise<Uint8Array> {
  const ikm = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveBits'])
  const info = encoder.encode(`Auth.js Generated Encryption Key (${salt})`)
  const params = { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(salt), info }
  return new Uint8Array(await crypto.subtle.deriveBits(params, ikm, length * 8))
}

async function tagOf(
  key: WebCbcKey,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  al: Uint8Array,
): Promise<Uint8Array> {
  const input = new Uint8Array(aad.byteLength + iv.byteLength + ciphertext.byteLength + al.byteLength)
  input.set(aad, 0)
  input.set(iv, aad.byteLength)
  input.set(ciphertext, aad.byteLength + iv.byteLength)
  input.set(al, aad.byteLength + iv.byteLength + ciphertext.byteLength)
  const mac = await crypto.subtle.sign('HMAC', key.macKey, input)
  return new Uint8Array(mac, 0, TAG_LENGTH)
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  let difference = 0
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/** The WebCrypto backend; the same export name as the `node:crypto` one, so `#crypto` can pick either. */
export const cryptoBackend: CryptoBackend = {
  name: 'webcrypto',
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
  randomUUID: () => crypto.randomUUID(),
  sha256Hex: (text) => hex(sha256(encoder.encode(text))),
  sha256: (text) => sha256(encoder.encode(text)),
  timingSafeEqual,
  encodeBase64url,
  decodeBase64url,
  encodeUtf8: (text) => encoder.encode(text),
  decodeUtf8(bytes) {
    try {
      return decoder.decode(bytes)
    } catch {
      return null
    }
  },

  // Argument checks throw synchronously, as in the Node backend; only the crypto itself is asynchronous.
  deriveEncryptionKey(enc, secret, salt) {
    if (typeof secret !== 'string' || secret === '') {
      // HKDF accepts an empty IKM, but a key derived from nothing is public; Auth.js refuses it too.
      throw new TypeError('The secret must be a non-empty string')
    }
    if (typeof salt !== 'string') throw new TypeError('The salt must be a string (the cookie name)')
    return hkdf(secret, salt, keyLength(enc))
  },

  jwkThumbprint(key) {
    if (key.byteLength !== 32 && key.byteLength !== 64) {
      throw new TypeError(`Unsupported key length ${key.byteLength}: expected 32 or 64 bytes`)
    }
    // RFC 7638 §3.2: the required members only, in lexicographic order, no whitespace.
    const jwk = encoder.encode(`{"k":"${encodeBase64url(key)}","kty":"oct"}`)
    return crypto.subtle
      .digest(key.byteLength === 64 ? 'SHA-512' : 'SHA-256', jwk)
      .then((digest) => encodeBase64url(new Uint8Array(digest)))
  },

  importA256CbcHs512Key(key) {
    if (key.byteLength !== 64) throw new TypeError(`A256CBC-HS512 needs a 64-byte key, got ${key.byteLength}`)
    const raw = own(key)
    return Promise.all([
      crypto.subtle.importKey('raw', raw.subarray(0, 32), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign']),
      crypto.subtle.importKey('raw', raw.subarray(32), 'AES-CBC', false, ['encrypt', 'decrypt']),
    ]).then(([macKey, encKey]): WebCbcKey => ({ enc: 'A256CBC-HS512', macKey, encKey }))
  },

  importA256GcmKey(key) {
    if (key.byteLength !== 32) throw new TypeError(`A256GCM needs a 32-byte key, got ${key.byteLength}`)
    return crypto.subtle
      .importKey('raw', own(key), 'AES-GCM', false, ['decrypt'])
      .then((imported): WebGcmKey => ({ enc: 'A256GCM', key: imported }))
  },

  async encryptA256CbcHs512(key, plaintext, aad, al = aadLength(aad)): Promise<A256CbcHs512Result> {
    const cbc = key as WebCbcKey
    const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH))
    const ciphertext = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, cbc.encKey, own(plaintext)),
    )
    return { iv, ciphertext, tag: await tagOf(cbc, aad, iv, ciphertext, al) }
  },

  async decryptA256CbcHs512(key, iv, ciphertext, tag, aad, al = aadLength(aad)) {
    // A truncated tag would weaken the MAC; RFC 7518 §5.2.5 fixes T_LEN at 32 bytes.
    if (iv.byteLength !== IV_LENGTH || tag.byteLength !== TAG_LENGTH) return null
    if (ciphertext.byteLength === 0 || ciphertext.byteLength % 16 !== 0) return null
    const cbc = key as WebCbcKey
    if (!equalBytes(await tagOf(cbc, aad, iv, ciphertext, al), tag)) return null
    try {
      const plaintext = await crypto.subtle.decrypt(
        { name: 'AES-CBC', iv: own(iv) },
        cbc.encKey,
        own(ciphertext),
      )
      return new Uint8Array(plaintext)
    } catch {
      // Bad padding under a valid tag means the sender used our key wrongly; still just "not a token".
      return null
    }
  },

  async decryptA256Gcm(key, iv, ciphertext, tag, aad) {
    // RFC 7518 §5.3: 96-bit IV and a full 128-bit tag.
    if (iv.byteLength !== 12 || tag.byteLength !== 16) return null
    const sealed = new Uint8Array(ciphertext.byteLength + tag.byteLength)
    sealed.set(ciphertext, 0)
    sealed.set(tag, ciphertext.byteLength)
    try {
      const params = { name: 'AES-GCM', iv: own(iv), additionalData: own(aad), tagLength: 128 }
      return new Uint8Array(await crypto.subtle.decrypt(params, (key as WebGcmKey).key, sealed))
    } catch {
      return null
    }
  },
}
