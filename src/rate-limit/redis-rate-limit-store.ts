import type { Redis } from 'ioredis'
import type { RateLimitHit, RateLimitStore } from './rate-limit-store.js'

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** Prepended to every key, so that several applications (or test runs) can share one Redis. Default `gatehouse:rl:`. */
  prefix?: string
}

// One script, so that the increment and the expiry are one atomic step: a crash between an INCR and a PEXPIRE
// would otherwise leave a counter that never expires, and the window would never reset.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

/**
 * Counters in Redis, through `ioredis` (an optional peer dependency): every instance that uses the same Redis and
 * prefix shares the limits. Each counter is one Redis key that expires with its window.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis'
 * import { RedisRateLimitStore } from 'gatehouse-auth/rate-limit/redis'
 * const store = new RedisRateLimitStore(new Redis(process.env.REDIS_URL!))
 * Nodemailer({ server, from, limits: { store } })
 * ```
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis
  readonly #prefix: string

  constructor(redis: Redis, options: RedisRateLimitStoreOptions = {}) {
    this.#redis = redis
    this.#prefix = options.prefix ?? 'gatehouse:rl:'
  }

  async increment(key: string, windowMs: number): Promise<RateLimitHit> {
    const window = Math.max(1, Math.ceil(windowMs))
    const [count, ttl] = (await this.#redis.eval(INCREMENT, 1, this.#prefix + key, window)) as [
      number,
      number,
    ]
    return { count: Number(count), resetAt: Date.now() + Number(ttl) }
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key)
  }
}
