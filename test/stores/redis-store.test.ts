import { Redis } from 'ioredis'
import { afterAll } from 'vitest'
import { RedisStore } from '../../src/stores/redis-store.js'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'
import { storeSuite } from './store-suite.js'

const available = await redisAvailable()
// This file's own keys: the Redis server is shared by every test run on the machine.
const prefix = `gh-test:stores:${process.pid}:${crypto.randomUUID()}:`
const redis = available ? new Redis(REDIS_URL) : undefined
afterAll(async () => {
  if (!redis) return
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
})

storeSuite(
  'redis',
  () => new RedisStore(redis!, { prefix }),
  available ? {} : { skip: `no Redis at ${REDIS_URL}` },
)
