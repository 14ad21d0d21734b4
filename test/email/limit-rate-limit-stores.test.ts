/** The rate-limit stores on their own: fixed windows, atomic counts under concurrency, reset, bounded memory. */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit-store.js'
import type { RateLimitStore } from '../../src/rate-limit/rate-limit-store.js'
import { RedisRateLimitStore } from '../../src/rate-limit/redis-rate-limit-store.js'
import { redisAvailable, REDIS_URL } from './limit-redis-support.js'

const haveRedis = await redisAvailable()
const prefix = `gh-test:${process.pid}:${crypto.randomUUID()}:`
const clients: Redis[] = []
const redis = () => {
  const client = new Redis(REDIS_URL)
  clients.push(client)
  return client
}

afterAll(async () => {
  if (clients[0]) {
    const keys = await clients[0].keys(`${prefix}*`)
    if (keys.length > 0) await clients[0].del(...keys)
  }
  for (const c of clients) c.disconnect()
})

const stores: Array<[string, () => RateLimitStore, boolean]> = [
  ['memory', () => new MemoryRateLimitStore(), true],
  ['redis', () => new RedisRateLimitStore(redis(), { prefix }), haveRedis],
]

describe.each(stores)('%s store', (_name, make, available) => {
  let store: RateLimitStore
  beforeAll(() => {
    if (available) store = make()
  })

  it.skipIf(!available)('counts hits in a window and starts again when it ends', async () => {
    const key = `window:${crypto.randomUUID()}`
    expect((await store.increment(key, 300)).count).toBe(1)
    const second = await store.increment(key, 300)
    expect(second.count).toBe(2)
    expect(second.resetAt).toBeGreaterThan(Date.now())
    expect(second.resetAt).toBeLessThanOrEqual(Date.now() + 300)
    await new Promise((r) => setTimeout(r, 350))
    expect((await store.increment(key, 300)).count).toBe(1)
  })

  it.skipIf(!available)('gives each of 50 concurrent hits its own count', async () => {
    const key = `concurrent:${crypto.randomUUID()}`
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment(key, 60_000)))
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toStrictEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    )
  })

  it.skipIf(!available)('reset forgets a key, and keys do not meet', async () => {
    const key = `reset:${crypto.randomUUID()}`
    await store.increment(key, 60_000)
    await store.increment(key, 60_000)
    expect((await store.increment(`${key}:other`, 60_000)).count).toBe(1)
    await store.reset(key)
    expect((await store.increment(key, 60_000)).count).toBe(1)
  })
})

describe.skipIf(!haveRedis)('Redis store shared by two connections', () => {
  it('counts once across instances, and the key expires with its window', async () => {
    const one = new RedisRateLimitStore(redis(), { prefix })
    const two = new RedisRateLimitStore(redis(), { prefix })
    const key = `shared:${crypto.randomUUID()}`
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).increment(key, 60_000)),
    )
    expect(new Set(counts.map((c) => c.count)).size).toBe(20)
    const ttl = await clients.at(-1)!.pttl(`${prefix}${key}`)
    expect(ttl).toBeGreaterThan(50_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })
})

describe('memory store bounds', () => {
  it('keeps at most maxKeys keys, dropping ended windows first, then the least recently hit', async () => {
    let now = 0
    const store = new MemoryRateLimitStore({ maxKeys: 10, now: () => now })
    for (let i = 0; i < 10; i++) await store.increment(`k${i}`, i < 5 ? 100 : 10_000)
    now = 200
    await store.increment('k0', 100) // ended window: starts again
    for (let i = 10; i < 30; i++) await store.increment(`k${i}`, 10_000)
    expect(store.size).toBeLessThanOrEqual(10)
    // The most recently hit keys are kept and go on counting.
    expect((await store.increment('k29', 10_000)).count).toBe(2)
  })
})
