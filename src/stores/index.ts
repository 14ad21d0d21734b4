/**
 * `gatehouse-auth/stores`: the interfaces behind the `stores` option (counters for limits, single-use values) and
 * their memory implementation. The Redis store is its own entry, `gatehouse-auth/stores/redis`, so that importing
 * this one never loads `ioredis`.
 *
 * @example
 * ```ts
 * import { MemoryStore } from 'gatehouse-auth/stores'
 * const store = new MemoryStore()
 * const config = { providers, stores: { limits: store, singleUse: store } }
 * ```
 * @module
 */
export type { RateLimitHit, RateLimitStore } from '../rate-limit/rate-limit-store.js'
export type { SingleUseStore } from './single-use-store.js'
export type { SessionRevocations, SessionRevocationStore } from '../session/session-revocation-store.js'
export type { StoresOptions } from './stores-options.js'
export { MemoryStore, type MemoryStoreOptions } from './memory-store.js'
export {
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
} from '../rate-limit/memory-rate-limit-store.js'
