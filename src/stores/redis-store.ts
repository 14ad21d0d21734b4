import type { Redis } from 'ioredis'
import { RedisRateLimitStore } from '../rate-limit/redis-rate-limit-store.js'
import type { RateLimitHit, RateLimitStore } from '../rate-limit/rate-limit-store.js'
import { createHash } from 'node:crypto'
import type { SessionRevocations, SessionRevocationStore } from '../session/session-revocation-store.js'
import type { JwtSessionRecord, SessionRecordStore } from '../session/session-record.js'
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
export class RedisStore
  implements RateLimitStore, SingleUseStore, SessionRevocationStore, SessionRecordStore
{
  readonly #redis: Redis
  readonly #counters: RedisRateLimitStore
  readonly #usedPrefix: string
  readonly #sessionsPrefix: string

  constructor(redis: Redis, options: RedisStoreOptions = {}) {
    const prefix = options.prefix ?? 'gatehouse:'
    this.#redis = redis
    this.#counters = new RedisRateLimitStore(redis, { prefix: `${prefix}rl:` })
    this.#usedPrefix = `${prefix}once:`
    this.#sessionsPrefix = `${prefix}sess:`
  }

  // One hash per user (its id as a SHA-256, no personal data in key names): `gen`, and `r:{sessionId}` = the time
  // in ms the revocation may be forgotten. One HGETALL answers a session check.
  #sessionsKey(userId: string): string {
    return this.#sessionsPrefix + createHash('sha256').update(userId).digest('hex')
  }

  async getSessionRevocations(userId: string): Promise<SessionRevocations> {
    const key = this.#sessionsKey(userId)
    const fields = await this.#redis.hgetall(key)
    const now = Date.now()
    const revoked: string[] = []
    const expired: string[] = []
    for (const [field, value] of Object.entries(fields)) {
      if (!field.startsWith('r:')) continue
      if (Number(value) > now) revoked.push(field.slice(2))
      else expired.push(field)
    }
    // Forgotten lazily: an expired entry revokes nothing, so a failed HDEL changes no answer.
    if (expired.length > 0) await this.#redis.hdel(key, ...expired).catch(() => undefined)
    return { generation: Number(fields['gen'] ?? 0), revoked }
  }

  async addSessionRevocation(userId: string, sessionId: string, expires: Date): Promise<void> {
    await this.#redis.hset(this.#sessionsKey(userId), `r:${sessionId}`, String(expires.getTime()))
  }

  // JWT session records live in the user's hash too, as `m:{id}` = JSON (dates as ms).
  async createJwtSession(record: JwtSessionRecord): Promise<void> {
    await this.#redis.hset(this.#sessionsKey(record.userId), `m:${record.id}`, recordText(record))
  }

  async listJwtSessions(userId: string): Promise<JwtSessionRecord[]> {
    const key = this.#sessionsKey(userId)
    const fields = await this.#redis.hgetall(key)
    const now = Date.now()
    const records: JwtSessionRecord[] = []
    const expired: string[] = []
    for (const [field, value] of Object.entries(fields)) {
      if (!field.startsWith('m:')) continue
      const record = parseRecord(value)
      if (record && record.expires.getTime() > now && record.userId === userId) records.push(record)
      else expired.push(field)
    }
    if (expired.length > 0) await this.#redis.hdel(key, ...expired).catch(() => undefined)
    return records
  }

  async updateJwtSession(
    userId: string,
    id: string,
    changes: { lastSeenAt: Date; expires: Date },
  ): Promise<void> {
    const key = this.#sessionsKey(userId)
    const record = parseRecord((await this.#redis.hget(key, `m:${id}`)) ?? '')
    if (record) await this.#redis.hset(key, `m:${id}`, recordText({ ...record, ...changes }))
  }

  async deleteJwtSession(userId: string, id: string): Promise<void> {
    await this.#redis.hdel(this.#sessionsKey(userId), `m:${id}`)
  }

  incrementSessionGeneration(userId: string): Promise<number> {
    return this.#redis.hincrby(this.#sessionsKey(userId), 'gen', 1)
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

function recordText(r: JwtSessionRecord): string {
  return JSON.stringify({
    ...r,
    createdAt: r.createdAt.getTime(),
    lastSeenAt: r.lastSeenAt.getTime(),
    expires: r.expires.getTime(),
  })
}

/** A stored record, or `null` for anything that is not one (never trusted to be well formed). */
function parseRecord(text: string): JwtSessionRecord | null {
  try {
    const v = JSON.parse(text) as Record<string, unknown>
    if (typeof v['id'] !== 'string' || typeof v['userId'] !== 'string') return null
    const str = (x: unknown) => (typeof x === 'string' ? x : null)
    return {
      id: v['id'],
      userId: v['userId'],
      generation: Number(v['generation']) || 0,
      createdAt: new Date(Number(v['createdAt'])),
      lastSeenAt: new Date(Number(v['lastSeenAt'])),
      expires: new Date(Number(v['expires'])),
      userAgent: str(v['userAgent']),
      clientAddress: str(v['clientAddress']),
    }
  } catch {
    return null
  }
}
