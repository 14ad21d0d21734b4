/**
 * The one seam between Gatehouse's core and a crypto library. Two implementations stand behind the `#crypto`
 * import (see `package.json#imports`): `node:crypto` for Node, Bun and Deno's Node mode, synchronous and measured on
 * the session hot path, and WebCrypto for edge runtimes and browsers, where `node:` modules do not exist. Both are
 * byte-compatible with jose (and so with Auth.js): the same tests run against each.
 *
 * Operations that WebCrypto only offers asynchronously return {@link MaybePromise}: the Node implementation answers
 * with the value itself, so callers that check (`isPending`) stay synchronous on Node and pay nothing.
 *
 * @module
 */

/** A value now (`node:crypto`) or later (WebCrypto). */
export type MaybePromise<T> = T | Promise<T>

/** The JWE content encryptions a session token may use: Auth.js writes A256CBC-HS512 and reads both. */
export type ContentEncryption = 'A256CBC-HS512' | 'A256GCM'

/** An imported A256CBC-HS512 key (MAC and encryption halves); opaque outside its implementation. */
export interface A256CbcHs512Key {
  readonly enc: 'A256CBC-HS512'
}

/** An imported A256GCM key; opaque outside its implementation. */
export interface A256GcmKey {
  readonly enc: 'A256GCM'
}

/** The three encrypted parts of an A256CBC-HS512 JWE. */
export interface A256CbcHs512Result {
  iv: Uint8Array
  ciphertext: Uint8Array
  tag: Uint8Array
}

/** What the core needs from a crypto library: random values, SHA-256, the session JWE, strict encodings. */
export interface CryptoBackend {
  /** `node` or `webcrypto`, for logs and tests. */
  readonly name: 'node' | 'webcrypto'
  /** `length` bytes from a CSPRNG. */
  readonly randomBytes: (length: number) => Uint8Array
  /** A random RFC 9562 version 4 UUID. */
  readonly randomUUID: () => string
  /** SHA-256 of the UTF-8 bytes of `text`, lowercase hex (synchronous on both: CSRF and session tokens need it). */
  readonly sha256Hex: (text: string) => string
  /** SHA-256 of the UTF-8 bytes of `text`. */
  readonly sha256: (text: string) => Uint8Array
  /** String equality in time that depends only on the lengths, for secrets and MACs. */
  readonly timingSafeEqual: (a: string, b: string) => boolean
  /** Unpadded base64url. */
  readonly encodeBase64url: (bytes: Uint8Array) => string
  /** Decodes canonical unpadded base64url, or returns `null` for any other string (RFC 7515 §2). */
  readonly decodeBase64url: (segment: string) => Uint8Array | null
  /** UTF-8 bytes of `text`. */
  readonly encodeUtf8: (text: string) => Uint8Array
  /** UTF-8 text of `bytes`, or `null` when they are not valid UTF-8 (RFC 8259 §8.1: jose decodes fatally). */
  readonly decodeUtf8: (bytes: Uint8Array) => string | null
  /**
   * The session-token key as Auth.js derives it: HKDF-SHA256 (IKM = secret, salt = cookie name, info = `Auth.js
   * Generated Encryption Key (<salt>)`), 64 bytes for A256CBC-HS512, 32 for A256GCM.
   */
  readonly deriveEncryptionKey: (
    enc: ContentEncryption,
    secret: string,
    salt: string,
  ) => MaybePromise<Uint8Array>
  /** The RFC 7638 thumbprint of `key` as an `oct` JWK: SHA-512 for 64 bytes, SHA-256 for 32 (Auth.js's `kid`). */
  readonly jwkThumbprint: (key: Uint8Array) => MaybePromise<string>
  /** Imports a 64-byte A256CBC-HS512 key once, for many operations. */
  readonly importA256CbcHs512Key: (key: Uint8Array) => MaybePromise<A256CbcHs512Key>
  /** Imports a 32-byte A256GCM key once, for many operations. */
  readonly importA256GcmKey: (key: Uint8Array) => MaybePromise<A256GcmKey>
  /** Encrypts with a fresh random IV; `al` is the precomputed AAD length block of `aad`. */
  readonly encryptA256CbcHs512: (
    key: A256CbcHs512Key,
    plaintext: Uint8Array,
    aad: Uint8Array,
    al?: Uint8Array,
  ) => MaybePromise<A256CbcHs512Result>
  /** Checks the tag in constant time, then decrypts; `null` on any failure (no padding oracle). */
  readonly decryptA256CbcHs512: (
    key: A256CbcHs512Key,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    tag: Uint8Array,
    aad: Uint8Array,
    al?: Uint8Array,
  ) => MaybePromise<Uint8Array | null>
  /** Decrypts and authenticates A256GCM (96-bit IV, 128-bit tag only); `null` on any failure. */
  readonly decryptA256Gcm: (
    key: A256GcmKey,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    tag: Uint8Array,
    aad: Uint8Array,
  ) => MaybePromise<Uint8Array | null>
}

/**
 * Encodes AL, the bit length of the AAD as a 64-bit big-endian integer.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2.2.1
 */
export function aadLength(aad: Uint8Array): Uint8Array {
  const bits = aad.byteLength * 8
  const al = new Uint8Array(8)
  const view = new DataView(al.buffer)
  view.setUint32(0, Math.floor(bits / 0x1_0000_0000))
  view.setUint32(4, bits >>> 0)
  return al
}
