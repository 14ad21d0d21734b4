/**
 * Counters for limits: the store interface and its memory implementation. The Redis store is its own entry,
 * `gatehouse-auth/rate-limit/redis`, so that importing this one never loads `ioredis`.
 *
 * @module
 */
export type { RateLimitHit, RateLimitStore } from './rate-limit-store.js'
export { MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from './memory-rate-limit-store.js'
