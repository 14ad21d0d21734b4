/**
 * Values that may be used once (a passkey challenge today; reset and verification tokens, TOTP time steps later):
 * one small interface, so that a memory store serves one process and a shared store (Redis, SQL) serves several.
 *
 * @module
 */

/**
 * A store of used keys. `consume` must be atomic: of any number of concurrent calls for one key, on one instance or
 * on several sharing the store, exactly one answers `true` until `ttlMs` has passed. It rejects when it cannot
 * tell (the store is down), and the caller then refuses the use: it never guesses.
 */
export interface SingleUseStore {
  /**
   * Marks `key` as used for at least `ttlMs` milliseconds; `true` when this call is its first use in that time,
   * `false` when it was already used.
   */
  consume(key: string, ttlMs: number): Promise<boolean>
}
