/**
 * Unpadded base64url (RFC 4648 §5) without `Buffer`, for runtimes that have no `node:` modules.
 *
 * @module
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUES = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i

/** Encodes `bytes` as unpadded base64url. */
export function encodeBase64url(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = bytes[i]! << 16
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8)
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!
  }
  return out
}

/**
 * Decodes canonical unpadded base64url, or returns `null`: no padding, no characters outside the alphabet, no
 * impossible length, and zero unused low bits in the last character, so that exactly one string decodes to given
 * bytes (a token altered in any character is always rejected, as with the `node:crypto` backend).
 */
export function decodeBase64url(segment: string): Uint8Array | null {
  const length = segment.length
  if (length % 4 === 1) return null
  const out = new Uint8Array(Math.floor((length * 3) / 4))
  let bits = 0
  let buffer = 0
  let o = 0
  for (let i = 0; i < length; i++) {
    const code = segment.charCodeAt(i)
    const value = code < 128 ? VALUES[code]! : -1
    if (value < 0) return null
    buffer = (buffer << 6) | value
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (buffer >> bits) & 0xff
    }
  }
  // Leftover bits (2 or 4) must be zero for the encoding to be canonical.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null
  return out
}
