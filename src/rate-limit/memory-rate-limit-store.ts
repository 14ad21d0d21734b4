import type { RateLimitHit, RateLimitStore } from './rate-limit-store.js'

/** Options of {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /**
   * Most keys kept at once; when full, windows that have ended are dropped, then the oldest keys. Bounds the
   * memory a flood of distinct keys can take. Default 100 000.
   */
  maxKeys?: number
  /** The clock, for tests. */
  now?: () => number
}

/**
 * Counters in this process's memory: right for one instance. Several instances behind a load balancer each count
 * on their own (so a limit becomes the limit times the instances): give them a shared store such as
 * `RedisRateLimitStore` (`gatehouse-auth/rate-limit/redis`).
 *
 * @example
 * ```ts
 * const store = new MemoryRateLimitStore()
 * const { count } = await store.increment('email:alice@example.com', 3_600_000)
 * ```
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, RateLimitHit>()
  readonly #maxKeys: number
  readonly #now: () => number

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#maxKeys = options.maxKeys ?? 100_000
    this.#now = options.now ?? Date.now
  }

  /** How many keys are kept now. */
  get size(): number {
    return this.#windows.size
  }

  // Synchronous inside: one event-loop turn reads and writes, so concurrent callers each get their own count.
  increment(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.#now()
    let hit = this.#windows.get(key)
    if (hit === undefined || hit.resetAt <= now) {
      if (hit === undefined && this.#windows.size >= this.#maxKeys) this.#makeRoom(now)
      hit = { count: 0, resetAt: now + windowMs }
    }
    // Re-inserted so that Map order is least recently hit first, for #makeRoom.
    this.#windows.delete(key)
    const next = { count: hit.count + 1, resetAt: hit.resetAt }
    this.#windows.set(key, next)
    return Promise.resolve({ ...next })
  }

  reset(key: string): Promise<void> {
    this.#windows.delete(key)
    return Promise.resolve()
  }

  #makeRoom(now: number): void {
    for (const [key, hit] of this.#windows) if (hit.resetAt <= now) this.#windows.delete(key)
    // Still full: forget the least recently hit keys (a tenth, so this runs rarely).
    if (this.#windows.size < this.#maxKeys) return
    let drop = Math.max(1, Math.floor(this.#maxKeys / 10))
    for (const key of this.#windows.keys()) {
      if (drop-- <= 0) break
      this.#windows.delete(key)
    }
  }
}
