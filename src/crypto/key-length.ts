import type { ContentEncryption } from './crypto-backend.js'

/** Bytes of key material a content encryption takes: A256CBC-HS512 splits 64 bytes into MAC and AES keys. */
export function keyLength(enc: ContentEncryption): number {
  switch (enc) {
    case 'A256CBC-HS512':
      return 64
    case 'A256GCM':
      return 32
    default:
      throw new TypeError(`Unsupported content encryption ${String(enc)}`)
  }
}
