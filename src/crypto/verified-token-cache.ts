/**
 * Remembers what recently seen session tokens decrypted to, so the next check of the same token skips the
 * base64url decoding, the HMAC and the AES. A session cookie is sent unchanged with every request until it is
 * re-issued, so nearly every check of an active session is a repeat.
 *
 * Only a token that passed the authentication tag under one of our own protected headers is stored, keyed by its
 * exact compact string: the same string under the same keys always decrypts to the same bytes, so a hit gives what decryption
 * would. What depends on the time (`exp`, `nbf`) is checked again on every hit by the caller, and the claims are
 * parsed again from the stored text, so no caller ever shares (or can mutate) another's objects. A forged or
 * altered token is a different string: it misses, and is decrypted (and refused) as before. Looking a token up
 * reveals nothing to anyone who does not already hold that exact token.
 *
 * @module
 */

import type { JWT } from '../types.js'

/** What a token decrypted to, minus anything that depends on the time. */
export interface VerifiedToken {
  /** The decrypted JSON text. */
  readonly text: string
  /** Decrypted by the first secret with the encryption we write. */
  readonly current: boolean
  /**
   * The parsed claims, frozen, when every value is a string, number, boolean or `null`: each hit then gets a
   * spread copy, which equals a fresh `JSON.parse` of `text` and costs less. Otherwise each hit parses `text`.
   */
  readonly flat: Readonly<JWT> | undefined
}

/** Entries kept by default: the active sessions of a busy instance, about 1 MB at typical token sizes. */
export const DEFAULT_VERIFIED_TOKENS = 1024
/**
 * Longer tokens are not kept (a single cookie holds at most about 4 KB): so the cache stays within a few MB even
 * if it is filled with the largest tokens a client can send.
 */
export const MAX_CACHED_TOKEN_LENGTH = 4096

/**
 * A bounded map from token string to {@link VerifiedToken}. When full, the oldest entry goes (insertion order), so
 * memory is bounded whatever the traffic; a hot token that was evicted is decrypted once more and stored again.
 * Reads do not reorder entries, to keep a hit to one `Map` lookup.
 *
 * Entries are found by the token's last segment (its authentication tag, 43 characters) and then the whole token
 * is compared: hashing the tag instead of the whole token (400 characters and more, a fresh string on every request)
 * takes about two thirds off a lookup. The comparison keeps the rule above: only the exact string that verified is
 * ever served; a token that shares a tag with a stored one but differs anywhere else misses.
 *
 * @example
 * ```ts
 * const cache = new VerifiedTokenCache(1024)
 * cache.set(token, { text, current: true, flat: undefined })
 * cache.get(token)?.text
 * ```
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, { readonly token: string; readonly verified: VerifiedToken }>()
  readonly #capacity: number

  constructor(capacity: number = DEFAULT_VERIFIED_TOKENS) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Invalid capacity ${capacity}`)
    this.#capacity = capacity
  }

  /** How many tokens are kept now. */
  get size(): number {
    return this.#entries.size
  }

  get(token: string): VerifiedToken | undefined {
    const entry = this.#entries.get(keyOf(token))
    return entry !== undefined && entry.token === token ? entry.verified : undefined
  }

  /** Stores a token that decrypted and verified; longer tokens than {@link MAX_CACHED_TOKEN_LENGTH} are skipped. */
  set(token: string, verified: VerifiedToken): void {
    const key = keyOf(token)
    // A stored token keeps its place; a different token with the same tag (never seen in practice: the tag is an
    // HMAC) is simply not stored, and is decrypted on every check.
    if (token.length > MAX_CACHED_TOKEN_LENGTH || this.#entries.has(key)) return
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, { token, verified })
  }

  /** Forgets a token (it expired). */
  delete(token: string): void {
    const key = keyOf(token)
    if (this.#entries.get(key)?.token === token) this.#entries.delete(key)
  }
}

/** The token's last dot-separated segment (the JWE authentication tag), or the whole string when it has no dot. */
function keyOf(token: string): string {
  return token.slice(token.lastIndexOf('.') + 1)
}
