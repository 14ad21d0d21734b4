/**
 * Counters behind the limits Gatehouse applies (sign-in e-mails today, password attempts later): one small
 * interface, so that a memory store serves one process and a shared store (Redis) serves several.
 *
 * @module
 */

/** The state of one counter after a hit. */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number
  /** When the current window ends (milliseconds since the epoch); the counter starts again at 0 then. */
  resetAt: number
}

/**
 * A store of fixed-window counters. `increment` must be atomic: of any number of concurrent calls for one key,
 * each sees a different count, whichever instance makes it, or a limit could be passed by sending in parallel.
 */
export interface RateLimitStore {
  /**
   * Adds one hit to `key`. The first hit of a window starts it, `windowMs` long; the count returned includes
   * this hit.
   */
  increment(key: string, windowMs: number): Promise<RateLimitHit>
  /** Forgets `key` (a later issue's password throttling resets it after a success). */
  reset(key: string): Promise<void>
}
