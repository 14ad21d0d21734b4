import type { Redis } from 'ioredis'
import { RedisRateLimitStore } from '../rate-limit/redis-rate-limit-store.js'
import type { RateLimitHit, RateLimitStore } from '../rate-limit/rate-limit-store.js'
import type { SingleUseStore } from './single-use-store.js'

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prepended to every key, so that several applications (or test runs) can share one Redis: counters live under
   * `{prefix}rl:`, used values under `{prefix}once:`. Default `gatehouse:` (so counters keep the keys of
   * `RedisRateLimitStore`'s default prefix, `gatehouse:rl:`).
   */
  prefix?: string
}

/**
 * Counters and used values in Redis, through `ioredis` (an optional peer dependency), one object for both roles of
 * the `stores` option: every instance that uses the same Redis and prefix shares the limits, and a value used on
 * one instance is refused on all. Each key expires with its window or lifetime.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis'
 * import { RedisStore } from 'gatehouse-auth/stores/redis'
 * const store = new RedisStore(new Redis(process.env.REDIS_URL!))
 * const config = { providers, stores: { limits: store, singleUse: store } }
 * ```
 */
export class RedisStore implements RateLimitStore, SingleUseStore {
  readonly #redis: Redis
  readonly #counters: RedisRateLimitStore
  readonly #usedPrefix: string

  constructor(redis: Redis, options: RedisStoreOptions = {}) {
    const prefix = options.prefix ?? 'gatehouse:'
    this.#redis = redis
    this.#counters = new RedisRateLimitStore(redis, { prefix: `${prefix}rl:` })
    this.#usedPrefix = `${prefix}once:`
  }

  increment(key: string, windowMs: number): Promise<RateLimitHit> {
    return this.#counters.increment(key, windowMs)
  }

  reset(key: string): Promise<void> {
    return this.#counters.reset(key)
  }

  // `SET NX PX` is one atomic command: the first writer of the key gets OK, every other one nil, on any instance,
  // and the key expires by itself (no second command that a crash could leave undone).
  async consume(key: string, ttlMs: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(ttlMs))
    const answer = await this.#redis.set(this.#usedPrefix + key, '1', 'PX', ttl, 'NX')
    return answer === 'OK'
  }
}
