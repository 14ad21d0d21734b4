/**
 * Strict base64url decoding for JOSE segments.
 *
 * @module
 */

/**
 * Decodes unpadded base64url (RFC 7515 §2), or returns `null` for anything that is not its canonical encoding.
 *
 * `Buffer.from(…, 'base64url')` skips characters outside the alphabet and ignores the unused low bits of the last
 * character, so several strings decode to the same bytes. Re-encoding and comparing rejects all of those in native
 * code: a token that was altered in any character is then always rejected, never silently accepted.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7515#appendix-C
 */
export function decodeBase64url(segment: string): Buffer | null {
  const bytes = Buffer.from(segment, 'base64url')
  return bytes.toString('base64url') === segment ? bytes : null
}
