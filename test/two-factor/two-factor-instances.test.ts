/**
 * A TOTP code is accepted once across instances: two configurations (two servers of one application) over one
 * SQLite database, first with a store each (the database's last used step refuses the replay), then sharing a real
 * Redis (`RedisStore`) with an adapter whose step check is not atomic, where the shared store is what refuses the
 * race.
 */
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import * as sqliteAdapter from '../../src/adapters/sqlite.js'
import { RedisStore } from '../../src/stores/redis-store.js'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'
import { freshSqlite } from '../support/test-databases.js'
import {
  answerChallenge,
  CookieJar,
  createUsers,
  enrol,
  firstFactor,
  nextStep,
  SESSION,
  setNames,
  signedIn,
  stepAt,
  totpCode,
  twoFactorApp,
} from './two-factor-harness.js'

const available = await redisAvailable()
const prefix = `gh-test:two-factor:${process.pid}:${crypto.randomUUID()}:`
const redis = available ? new Redis(REDIS_URL) : undefined
afterAll(async () => {
  if (!redis) return
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
})

/** Alice enrolled at instance `a`; a held sign-in of hers at `a` and one at `b`; the secret. */
async function heldOnBoth(adapter: Adapter, stores?: () => RedisStore) {
  const options = { session: { strategy: 'jwt' as const }, adapter }
  const a = twoFactorApp({
    ...options,
    ...(stores ? { stores: { limits: stores(), singleUse: stores() } } : {}),
  })
  const b = twoFactorApp({
    ...options,
    ...(stores ? { stores: { limits: stores(), singleUse: stores() } } : {}),
  })
  await createUsers(adapter)
  const { secret } = await enrol(a, await signedIn(a, 'alice@example.test'))
  // A fresh step: the enrolment used the current one (only Date is faked).
  nextStep()
  const atA = new CookieJar()
  const atB = new CookieJar()
  await firstFactor(a, atA, 'alice@example.test')
  await firstFactor(b, atB, 'alice@example.test')
  return { a, b, atA, atB, code: totpCode(secret, stepAt()) }
}

beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }))
afterEach(() => void vi.useRealTimers())

describe('a TOTP code across instances', () => {
  it('is refused at a second instance with a store of its own, through the shared database', async () => {
    const database = freshSqlite()
    await sqliteAdapter.migrate(database)
    const { a, b, atA, atB, code } = await heldOnBoth(sqliteAdapter.SQLiteAdapter(database))
    expect(setNames(await answerChallenge(a, atA, code))).toContain(SESSION)
    const replay = await answerChallenge(b, atB, code)
    expect(setNames(replay)).not.toContain(SESSION)
    expect(replay.headers.get('location')).toMatch(/error=invalid/)
    database.close()
  })

  it.skipIf(!available)(
    'is used once when two instances sharing Redis race it, even over a non-atomic adapter',
    async () => {
      const memory = MemoryAdapter()
      // An adapter whose step check reads, waits, then writes: both racers would pass it.
      const racy: Adapter = {
        ...memory,
        async useTwoFactorStep(userId, step) {
          const record = await memory.getTwoFactor(userId)
          await new Promise((resolve) => setTimeout(resolve, 50))
          if (!record || (record.lastUsedStep !== null && record.lastUsedStep >= step)) return false
          await memory.setTwoFactor({ ...record, lastUsedStep: step })
          return true
        },
      }
      const { a, b, atA, atB, code } = await heldOnBoth(racy, () => new RedisStore(redis!, { prefix }))
      const answers = await Promise.all([answerChallenge(a, atA, code), answerChallenge(b, atB, code)])
      expect(answers.filter((res) => setNames(res).includes(SESSION))).toHaveLength(1)
    },
    40_000,
  )
})
