import { cryptoBackend } from '#crypto'
import type { CryptoBackend } from '../crypto/crypto-backend.js'

/** A CSRF token as the cookie carries it: `token|sha256(token + secret)` (wire-contract §1.6). */
export interface CsrfToken {
  token: string
  cookieValue: string
}

function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16)
  return out
}

/**
 * Mints a new 64-hex token and its cookie value, hashed with the first (current) secret. `crypto` is for tests,
 * which run the same cases on both backends (as for the other functions here).
 */
export function createCsrfToken(
  secrets: readonly string[],
  crypto: CryptoBackend = cryptoBackend,
): CsrfToken {
  const token = hex(crypto.randomBytes(32))
  return { token, cookieValue: `${token}|${crypto.sha256Hex(`${token}${secrets[0]!}`)}` }
}

/**
 * Returns the token of an authentic CSRF cookie, or `undefined`. The hash is checked against every secret, and
 * against the comma-joined array that Auth.js hashes, so rotating a secret neither breaks forms that are already
 * open nor cookies minted by Auth.js before a migration.
 */
export function readCsrfCookie(
  cookieValue: string | undefined,
  secrets: readonly string[],
  crypto: CryptoBackend = cryptoBackend,
): string | undefined {
  if (!cookieValue) return undefined
  const bar = cookieValue.indexOf('|')
  if (bar !== 64 || cookieValue.length !== 129) return undefined
  const token = cookieValue.slice(0, bar)
  const digest = cookieValue.slice(bar + 1)
  if (!/^[0-9a-f]{64}$/.test(token)) return undefined
  const matches = (secret: string) => crypto.timingSafeEqual(digest, crypto.sha256Hex(`${token}${secret}`))
  for (const secret of secrets) if (matches(secret)) return token
  if (secrets.length > 1 && matches(secrets.join(','))) return token
  return undefined
}

/** Compares the token a form sent with the cookie's, in constant time. */
export function csrfTokenMatches(
  sent: unknown,
  expected: string,
  crypto: CryptoBackend = cryptoBackend,
): boolean {
  return typeof sent === 'string' && crypto.timingSafeEqual(sent, expected)
}
