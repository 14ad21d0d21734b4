import { cryptoBackend } from '#crypto'

/**
 * A stable user id for an OAuth sign-in without a database: a UUID-shaped (RFC 9562 version 8) value derived from
 * SHA-256 of the provider id and the provider's account id. Auth.js mints a random UUID on every sign-in, so
 * `token.sub` changes each time; this one is the same on every sign-in with the same account, differs between
 * providers, and reveals neither input.
 *
 * @example
 * ```ts
 * stableUserId('github', '1234') // always the same 'xxxxxxxx-xxxx-8xxx-yxxx-xxxxxxxxxxxx'
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9562#section-5.8
 */
export function stableUserId(providerId: string, providerAccountId: string): string {
  // A NUL separator keeps ("a", "bc") and ("ab", "c") apart; neither id can contain one in a URL.
  const bytes = cryptoBackend.sha256(`${providerId}\0${providerAccountId}`).subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x80
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  let hex = ''
  for (const byte of bytes) hex += (byte < 16 ? '0' : '') + byte.toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
