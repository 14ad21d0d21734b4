import { cryptoBackend } from '#crypto'
import type { SessionTokenStorage } from '../types.js'

/** The SHA-256 of a session token, hex: what the adapter stores in place of the token when hashing. */
export function hashSessionToken(token: string): string {
  return cryptoBackend.sha256Hex(token)
}

/**
 * The adapter keys under which a cookie's token may be stored, preferred first: the hash, the plain token, or
 * both while a database that holds Auth.js (plain) sessions is being migrated.
 */
export function sessionTokenKeys(token: string, storage: SessionTokenStorage): string[] {
  if (storage === 'plain') return [token]
  if (storage === 'hashed') return [hashSessionToken(token)]
  // A cookie shaped like a stored hash is never looked up as a plain token: it would be a row copied out of the
  // table (the attack hashing defends against). The cost: legacy plain tokens of exactly 64 hex digits are not
  // carried over, and their owners sign in again.
  return STORED_HASH.test(token) ? [hashSessionToken(token)] : [hashSessionToken(token), token]
}

const STORED_HASH = /^[0-9a-f]{64}$/i
