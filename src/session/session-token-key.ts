import { cryptoBackend } from '#crypto'
import type { SessionTokenStorage } from '../types.js'

/** The SHA-256 of a session token, hex: what the adapter stores in place of the token when hashing. */
export function hashSessionToken(token: string): string {
  return cryptoBackend.sha256Hex(token)
}

/**
 * The adapter keys under which a cookie's token may be stored, preferred first: the hash, the plain token, or
 * both while a database that holds Auth.js (plain) sessions is being migrated. A token is only ever looked up as
 * it is when it has the shape a session token can have (see {@link isPlainTokenShape}).
 */
export function sessionTokenKeys(token: string, storage: SessionTokenStorage): string[] {
  if (storage === 'hashed') return [hashSessionToken(token)]
  if (storage === 'plain') return isPlainTokenShape(token) ? [token] : []
  // A cookie shaped like a stored hash is never looked up as a plain token: it would be a row copied out of the
  // table (the attack hashing defends against). The cost: legacy plain tokens of exactly 64 hex digits are not
  // carried over, and their owners sign in again.
  return isPlainTokenShape(token) && !STORED_HASH.test(token)
    ? [hashSessionToken(token), token]
    : [hashSessionToken(token)]
}

const STORED_HASH = /^[0-9a-f]{64}$/i

// RFC 6265 §4.1.1 cookie-octets (printable US-ASCII without space, DQUOTE, comma, semicolon and backslash): every
// token Auth.js (UUIDs, hex), Gatehouse (base64url) or a sane generateSessionToken makes. A database whose collation
// ignores trailing spaces, accents, case or control characters could match anything else (a stored hash with "%20"
// appended, one letter accented) against a stored row, so nothing else is ever looked up as it is.
const PLAIN_TOKEN = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]{1,1024}$/

/** Whether a cookie value may be looked up as a plain (unhashed) session token. */
export function isPlainTokenShape(token: string): boolean {
  return PLAIN_TOKEN.test(token)
}
