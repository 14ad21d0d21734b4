import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A CSRF token as the cookie carries it: `token|sha256(token + secret)` (wire-contract §1.6). */
export interface CsrfToken {
  token: string
  cookieValue: string
}

function hash(token: string, secret: string): string {
  return createHash('sha256').update(`${token}${secret}`).digest('hex')
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Mints a new 64-hex token and its cookie value, hashed with the first (current) secret. */
export function createCsrfToken(secrets: readonly string[]): CsrfToken {
  const token = randomBytes(32).toString('hex')
  return { token, cookieValue: `${token}|${hash(token, secrets[0]!)}` }
}

/**
 * Returns the token of an authentic CSRF cookie, or `undefined`. The hash is checked against every secret, and
 * against the comma-joined array that Auth.js hashes, so rotating a secret neither breaks forms that are already
 * open nor cookies minted by Auth.js before a migration.
 */
export function readCsrfCookie(
  cookieValue: string | undefined,
  secrets: readonly string[],
): string | undefined {
  if (!cookieValue) return undefined
  const bar = cookieValue.indexOf('|')
  if (bar !== 64 || cookieValue.length !== 129) return undefined
  const token = cookieValue.slice(0, bar)
  const digest = cookieValue.slice(bar + 1)
  if (!/^[0-9a-f]{64}$/.test(token)) return undefined
  for (const secret of secrets) if (equal(digest, hash(token, secret))) return token
  if (secrets.length > 1 && equal(digest, hash(token, secrets.join(',')))) return token
  return undefined
}

/** Compares the token a form sent with the cookie's, in constant time. */
export function csrfTokenMatches(sent: unknown, expected: string): boolean {
  return typeof sent === 'string' && equal(sent, expected)
}
