/**
 * `gatehouse-auth/stores/redis`: the stores of the `stores` option in Redis, through `ioredis` (an optional peer
 * dependency), shared by every instance that uses the same Redis and prefix.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis'
 * import { RedisStore } from 'gatehouse-auth/stores/redis'
 * const store = new RedisStore(new Redis(process.env.REDIS_URL!))
 * const config = { providers, stores: { limits: store, singleUse: store } }
 * ```
 * @module
 */
export { RedisStore, type RedisStoreOptions } from './redis-store.js'
export { RedisRateLimitStore, type RedisRateLimitStoreOptions } from '../rate-limit/redis-rate-limit-store.js'
