/**
 * Throttling: per account (the 6th failure waits, the wait doubles up to its cap, the 101st is refused even with
 * the right password until a reset, however long one waits), per client address across accounts, answered at once
 * and alike for unknown addresses, and shared by two configuration instances through the real Redis.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryStore } from '../../src/stores/memory-store.js'
import { RedisStore } from '../../src/stores/redis-store.js'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'
import { CookieJar } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, passwordRig, signUpVerified, type PasswordRig } from './password-harness.js'

const WRONG = 'definitely not the right one'
const query = (res: Response) => new URL(res.headers.get('location')!).searchParams

function signIn(rig: PasswordRig, email: string, password: string, client = '198.51.100.7', headers = {}) {
  return rig.post(
    new CookieJar(),
    '/auth/callback/password',
    { email, password },
    { 'x-test-client': client, ...headers },
  )
}

describe('throttling per account', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    rig = await passwordRig({ password: { throttle: { perClient: false } } })
  })
  afterAll(() => rig.close())

  it('lets 5 failures through, then answers the 6th attempt at once with TooManyAttempts, even the right password', async () => {
    const email = 'six@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    for (let i = 0; i < 5; i++)
      expect(query(await signIn(rig, email, WRONG)).get('error')).toBe('CredentialsSignin')
    const started = performance.now()
    const sixth = await signIn(rig, email, GOOD_PASSWORD)
    expect(performance.now() - started).toBeLessThan(200)
    expect(query(sixth).get('error')).toBe('TooManyAttempts')
    expect(Number(query(sixth).get('retryAfter'))).toBeGreaterThanOrEqual(1)
    const json = await signIn(rig, email, GOOD_PASSWORD, undefined, { 'X-Auth-Return-Redirect': '1' })
    expect(json.status).toBe(429)
    expect(json.headers.get('retry-after')).toMatch(/^\d+$/)
    // The same for an address without an account.
    for (let i = 0; i < 5; i++) await signIn(rig, 'ghost@example.com', WRONG)
    expect(query(await signIn(rig, 'ghost@example.com', WRONG)).get('error')).toBe('TooManyAttempts')
    // After the wait, the right password signs in and the run of failures ends.
    await new Promise((r) => setTimeout(r, 1100))
    expect((await signIn(rig, email, GOOD_PASSWORD)).headers.get('location')).toBe('http://app.test/')
    expect(query(await signIn(rig, email, WRONG)).get('error')).toBe('CredentialsSignin')
  })
})

describe('the lock at 100 consecutive failures', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    // Every failure free, so the test reaches 100 without waiting; the lock is the rule under test.
    rig = await passwordRig({
      password: { throttle: { freeFailures: 100, maxConsecutiveFailures: 100, perClient: false } },
    })
  })
  afterAll(() => rig.close())

  it('refuses the 101st attempt even with the right password, until a reset unlocks it', async () => {
    const email = 'hundred@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    for (let i = 0; i < 100; i++)
      expect(query(await signIn(rig, email, WRONG)).get('error')).toBe('CredentialsSignin')
    const locked = await signIn(rig, email, GOOD_PASSWORD)
    expect(query(locked).get('error')).toBe('TooManyAttempts')
    expect(Number(query(locked).get('retryAfter'))).toBeGreaterThan(86_400)

    await rig.post(new CookieJar(), '/auth/reset-password', { email })
    const { url } = await rig.linkTo(email, '/auth/reset-password')
    const reset = await rig.post(new CookieJar(), '/auth/reset-password', {
      token: url.searchParams.get('token')!,
      email,
      password: 'a brand new passphrase for me',
    })
    expect(reset.headers.get('location')).toBe('http://app.test/')
    expect((await signIn(rig, email, 'a brand new passphrase for me')).headers.get('location')).toBe(
      'http://app.test/',
    )
  })
})

describe('the default throttle on a clock moved past every wait', () => {
  // The clock of the throttle (Date.now) and of its store move together; the test moves them past each wait
  // instead of sleeping through 15-minute delays.
  const realNow = Date.now
  let offset = 0
  let rig: PasswordRig
  beforeAll(async () => {
    Date.now = () => realNow() + offset
    rig = await passwordRig({
      stores: { limits: new MemoryStore({ now: () => Date.now() }) },
      password: { throttle: { perClient: false } },
    })
  })
  afterAll(async () => {
    Date.now = realNow
    await rig.close()
  })

  it('doubles the wait from the 6th attempt up to 15 minutes, and locks at 100 until a reset, however long one waits', async () => {
    const email = 'patient@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    const waits: number[] = []
    for (let failure = 1; failure <= 100; failure++) {
      expect(query(await signIn(rig, email, WRONG)).get('error'), `failure ${failure}`).toBe(
        'CredentialsSignin',
      )
      if (failure < 5) continue
      // Even the right password is answered with the wait, and the attempt is not counted.
      const waiting = query(await signIn(rig, email, GOOD_PASSWORD))
      expect(waiting.get('error'), `after failure ${failure}`).toBe('TooManyAttempts')
      const seconds = Number(waiting.get('retryAfter'))
      waits.push(seconds)
      if (failure < 100) offset += seconds * 1000 + 1
    }
    expect(waits.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900])
    expect(waits.slice(11, 95).every((w) => w === 900)).toBe(true)
    // The 100th failure locks: a day later, and a year later, the right password is still refused.
    for (const later of [86_400_000, 365 * 86_400_000]) {
      offset += later
      expect(query(await signIn(rig, email, GOOD_PASSWORD)).get('error')).toBe('TooManyAttempts')
    }
    await rig.post(new CookieJar(), '/auth/reset-password', { email })
    const { url } = await rig.linkTo(email, '/auth/reset-password')
    const reset = await rig.post(new CookieJar(), '/auth/reset-password', {
      token: url.searchParams.get('token')!,
      email,
      password: 'the passphrase after the lock',
    })
    expect(reset.headers.get('location')).toBe('http://app.test/')
    expect((await signIn(rig, email, 'the passphrase after the lock')).headers.get('location')).toBe(
      'http://app.test/',
    )
  })
})

describe('throttling per client address', () => {
  let rig: PasswordRig
  beforeAll(async () => {
    rig = await passwordRig({ password: { throttle: { perClient: { max: 10, windowMs: 60_000 } } } })
  })
  afterAll(() => rig.close())

  it('stops one client failing across many accounts, and not another client', async () => {
    const email = 'victim@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    for (let i = 0; i < 10; i++) await signIn(rig, `stuffed${i}@example.com`, WRONG, '203.0.113.9')
    expect(query(await signIn(rig, email, GOOD_PASSWORD, '203.0.113.9')).get('error')).toBe('TooManyAttempts')
    expect((await signIn(rig, email, GOOD_PASSWORD, '203.0.113.10')).headers.get('location')).toBe(
      'http://app.test/',
    )
  })
})

describe('two instances sharing the counters through the real Redis', () => {
  const prefix = `gh-pw-${process.pid}-${crypto.randomUUID().slice(0, 8)}:`
  let redis: Redis | undefined
  let a: PasswordRig
  let b: PasswordRig
  beforeAll(async () => {
    if (!(await redisAvailable())) return
    redis = new Redis(REDIS_URL)
    const shared = await passwordRig({ password: { throttle: { perClient: false } } })
    a = await passwordRig({
      adapter: shared.adapter,
      stores: { limits: new RedisStore(redis, { prefix }) },
      password: { throttle: { perClient: false } },
    })
    b = await passwordRig({
      adapter: shared.adapter,
      stores: { limits: new RedisStore(redis, { prefix }) },
      password: { throttle: { perClient: false } },
    })
    await shared.close()
  })
  afterAll(async () => {
    if (!redis) return
    await a.close()
    await b.close()
    // Only this test's own keys, never a flush of the shared server.
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
  })

  it('failures on one instance throttle the other', async (ctx) => {
    if (!redis) return ctx.skip('Redis unreachable')
    const email = 'shared@example.com'
    await signUpVerified(a, new CookieJar(), email)
    for (let i = 0; i < 3; i++) await signIn(a, email, WRONG)
    for (let i = 0; i < 2; i++) await signIn(b, email, WRONG)
    expect(query(await signIn(a, email, GOOD_PASSWORD)).get('error')).toBe('TooManyAttempts')
    expect(query(await signIn(b, email, GOOD_PASSWORD)).get('error')).toBe('TooManyAttempts')
    expect((await redis.keys(`${prefix}*password:failures:*`)).length).toBe(1)
  })
})

describe('a limits store that is down', () => {
  let rig: PasswordRig
  let open: PasswordRig
  let down = false
  beforeAll(async () => {
    const store = new MemoryStore()
    const limits = {
      increment: (key: string, windowMs: number) =>
        down ? Promise.reject(new Error('store down')) : store.increment(key, windowMs),
      reset: (key: string) => (down ? Promise.reject(new Error('store down')) : store.reset(key)),
    }
    rig = await passwordRig({ stores: { limits } })
    open = await passwordRig({ stores: { limits }, password: { throttle: { whenStoreDown: 'allow' } } })
  })
  afterAll(async () => {
    await rig.close()
    await open.close()
  })

  it("with whenStoreDown: 'allow', fails open: the password is checked without the throttle", async () => {
    const email = 'store-down-open@example.com'
    await signUpVerified(open, new CookieJar(), email)
    down = true
    try {
      expect(query(await signIn(open, email, WRONG)).get('error')).toBe('CredentialsSignin')
      expect((await signIn(open, email, GOOD_PASSWORD)).headers.get('location')).toBe('http://app.test/')
    } finally {
      down = false
    }
  })

  it('fails closed: the right password gets no session while attempts cannot be counted, and does once they can', async () => {
    const email = 'store-down@example.com'
    await signUpVerified(rig, new CookieJar(), email)
    down = true
    const jar = new CookieJar()
    const refused = await rig.post(jar, '/auth/callback/password', { email, password: GOOD_PASSWORD })
    expect(refused.headers.get('location')).not.toBe('http://app.test/')
    expect(jar.get('authjs.session-token')).toBeUndefined()
    down = false
    expect((await signIn(rig, email, GOOD_PASSWORD)).headers.get('location')).toBe('http://app.test/')
  })
})
