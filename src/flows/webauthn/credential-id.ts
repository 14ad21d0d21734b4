import { cryptoBackend } from '#crypto'

const { decodeBase64url, encodeBase64url } = cryptoBackend

/** Credential ids and public keys are stored in standard base64, as Auth.js stores them (wire-contract §4.3). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> | null {
  const bytes = decodeBase64url(base64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
  return bytes && new Uint8Array(bytes)
}

/** Standard, padded base64 of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  const url = encodeBase64url(bytes).replace(/-/g, '+').replace(/_/g, '/')
  return url + '='.repeat((4 - (url.length % 4)) % 4)
}

/** The stored (standard base64) form of a base64url credential id, or `null` when it is not one. */
export function storedCredentialId(base64url: string): string | null {
  if (base64url.length === 0 || base64url.length > 1366) return null
  const bytes = base64ToBytes(base64url)
  return bytes && bytes.length > 0 ? bytesToBase64(bytes) : null
}

/** The base64url form of a stored credential id, as options and responses carry it. */
export function wireCredentialId(stored: string): string | null {
  const bytes = base64ToBytes(stored)
  return bytes ? encodeBase64url(bytes) : null
}
