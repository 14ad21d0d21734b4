import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store.js'
import type { RateLimitHit, RateLimitStore } from '../rate-limit/rate-limit-store.js'
import type { SessionRevocations, SessionRevocationStore } from '../session/session-revocation-store.js'
import type { JwtSessionRecord, SessionRecordStore } from '../session/session-record.js'
import type { SingleUseStore } from './single-use-store.js'

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** Most counters kept at once (see `MemoryRateLimitStore`). Default 100 000. */
  maxKeys?: number
  /** The clock, for tests. */
  now?: () => number
}

/** Below this many used keys no sweep runs: a sweep of a small map costs more than the memory it frees. */
const MIN_SWEEP = 1024

/**
 * Counters and used values in this process's memory, one object for both roles of the `stores` option: right for
 * one instance. Several instances behind a load balancer each keep their own (a limit becomes the limit times the
 * instances, and a value can be used once on each): give them a shared store such as `RedisStore`
 * (`gatehouse-auth/stores/redis`).
 *
 * A used key is kept until its time is up, never dropped early (that would let it be used again), so its memory is
 * bounded by the rate of uses times their lifetime; expired keys are swept as the map grows.
 *
 * @example
 * ```ts
 * const store = new MemoryStore()
 * const config = { providers, stores: { limits: store, singleUse: store } }
 * ```
 */
export class MemoryStore
  implements RateLimitStore, SingleUseStore, SessionRevocationStore, SessionRecordStore
{
  readonly #counters: MemoryRateLimitStore
  readonly #generations = new Map<string, number>()
  /** Revoked session ids per user, each with the time its entry may be dropped. */
  readonly #revoked = new Map<string, Map<string, number>>()
  readonly #records = new Map<string, JwtSessionRecord>()
  readonly #used = new Map<string, number>()
  readonly #now: () => number
  #sweepAt = MIN_SWEEP

  constructor(options: MemoryStoreOptions = {}) {
    this.#counters = new MemoryRateLimitStore(options)
    this.#now = options.now ?? Date.now
  }

  increment(key: string, windowMs: number): Promise<RateLimitHit> {
    return this.#counters.increment(key, windowMs)
  }

  reset(key: string): Promise<void> {
    return this.#counters.reset(key)
  }

  // Synchronous inside: one event-loop turn reads and writes, so of concurrent callers exactly one gets `true`.
  consume(key: string, ttlMs: number): Promise<boolean> {
    const now = this.#now()
    const expiry = this.#used.get(key)
    if (expiry !== undefined && expiry > now) return Promise.resolve(false)
    if (this.#used.size >= this.#sweepAt) this.#sweep(now)
    this.#used.set(key, now + ttlMs)
    return Promise.resolve(true)
  }

  getSessionRevocations(userId: string): Promise<SessionRevocations> {
    const now = this.#now()
    const revoked: string[] = []
    const mine = this.#revoked.get(userId)
    for (const [id, expiry] of mine ?? []) {
      if (expiry <= now) mine!.delete(id)
      else revoked.push(id)
    }
    if (mine?.size === 0) this.#revoked.delete(userId)
    return Promise.resolve({ generation: this.#generations.get(userId) ?? 0, revoked })
  }

  addSessionRevocation(userId: string, sessionId: string, expires: Date): Promise<void> {
    let mine = this.#revoked.get(userId)
    if (mine === undefined) this.#revoked.set(userId, (mine = new Map<string, number>()))
    mine.set(sessionId, Math.max(mine.get(sessionId) ?? 0, expires.getTime()))
    return Promise.resolve()
  }

  createJwtSession(record: JwtSessionRecord): Promise<void> {
    this.#records.set(record.id, { ...record })
    return Promise.resolve()
  }

  listJwtSessions(userId: string): Promise<JwtSessionRecord[]> {
    const now = this.#now()
    const mine: JwtSessionRecord[] = []
    for (const [id, record] of this.#records) {
      if (record.expires.getTime() <= now) this.#records.delete(id)
      else if (record.userId === userId) mine.push({ ...record })
    }
    return Promise.resolve(mine)
  }

  updateJwtSession(userId: string, id: string, changes: { lastSeenAt: Date; expires: Date }): Promise<void> {
    const record = this.#records.get(id)
    if (record?.userId === userId) this.#records.set(id, { ...record, ...changes })
    return Promise.resolve()
  }

  deleteJwtSession(userId: string, id: string): Promise<void> {
    if (this.#records.get(id)?.userId === userId) this.#records.delete(id)
    return Promise.resolve()
  }

  incrementSessionGeneration(userId: string): Promise<number> {
    const generation = (this.#generations.get(userId) ?? 0) + 1
    this.#generations.set(userId, generation)
    return Promise.resolve(generation)
  }

  /** How many used keys are kept now (expired ones included until the next sweep). */
  get usedKeys(): number {
    return this.#used.size
  }

  // Keys have different lifetimes, so insertion order is not expiry order: a full pass, run when the map has doubled
  // since the last one, costs O(1) per `consume` on average.
  #sweep(now: number): void {
    for (const [key, expiry] of this.#used) if (expiry <= now) this.#used.delete(key)
    this.#sweepAt = Math.max(MIN_SWEEP, this.#used.size * 2)
  }
}
