/**
 * Send limits at POST /signin/{id}: over a limit the answer is the same "check your e-mail" redirect, nothing is
 * sent and a warning is logged; per address and per client, on the memory store and on a Redis store that two
 * configurations (two instances) share.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit-store.js'
import { RedisRateLimitStore } from '../../src/rate-limit/redis-rate-limit-store.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth } from '../support/serve-auth.js'
import { browser, emailConfig, ORIGIN } from './flow-harness.js'
import { redisAvailable, REDIS_URL } from './limit-redis-support.js'

const VERIFY = `${ORIGIN}/auth/verify-request?provider=email&type=email`

describe('send limits', () => {
  it('the per-address limit (default 5 an hour) answers the same page and sends nothing', async () => {
    const { config, mails, logger } = emailConfig(MemoryAdapter())
    const locations: Array<string | null> = []
    for (let i = 0; i < 7; i++)
      locations.push((await browser(config).requestLink('bombed@example.com')).headers.get('location'))
    expect(locations).toStrictEqual(Array(7).fill(VERIFY))
    expect(mails).toHaveLength(5)
    expect(logger.warnings).toStrictEqual(['email-send-limit', 'email-send-limit'])
    // Another address is not affected; the same address written differently is the same address.
    await browser(config).requestLink('other@example.com')
    await browser(config).requestLink(' BOMBED@Example.com ')
    expect(mails.map((m) => m.identifier).slice(5)).toStrictEqual(['other@example.com'])
  })

  it('the per-client limit counts every address one client asks for', async () => {
    const { config, mails, logger } = emailConfig(MemoryAdapter(), {
      provider: { limits: { perClient: { max: 3, windowMs: 60_000 }, clientAddress: 'x-forwarded-for' } },
    })
    const from = (ip: string) => ({
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': `10.0.0.9, ${ip}`,
    })
    for (let i = 0; i < 5; i++) {
      const b = browser(config)
      const res = await b.post(
        '/auth/signin/email',
        { csrfToken: await b.csrf(), email: `v${i}@example.com` },
        from('192.0.2.1'),
      )
      expect(res.headers.get('location')).toBe(VERIFY)
    }
    expect(mails).toHaveLength(3)
    expect(logger.warnings).toHaveLength(2)
    // Another client (the last X-Forwarded-For entry, the one the proxy appended) still can.
    const b = browser(config)
    await b.post(
      '/auth/signin/email',
      { csrfToken: await b.csrf(), email: 'w@example.com' },
      from('192.0.2.2'),
    )
    expect(mails).toHaveLength(4)
  })

  it('over real HTTP through gatehouse-auth/node, the per-client limit counts the connection address', async () => {
    const { config, mails, logger } = emailConfig(MemoryAdapter(), {
      provider: { limits: { perClient: { max: 2, windowMs: 60_000 } } },
    })
    const server = await serveAuth(config)
    try {
      for (let i = 0; i < 4; i++) {
        const jar = new CookieJar()
        const token = await csrfToken(jar, server.origin)
        // A client cannot pick its address with a header: the socket's is counted.
        const res = await jarFetch(jar, `${server.origin}/auth/signin/email`, {
          ...form({ csrfToken: token, email: `http${i}@example.com` }),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `203.0.113.${i}`,
          },
        })
        expect(res.headers.get('location')).toBe(
          `${server.origin}/auth/verify-request?provider=email&type=email`,
        )
      }
      expect(mails).toHaveLength(2)
      expect(logger.warnings).toStrictEqual(['email-send-limit', 'email-send-limit'])
    } finally {
      await server.close()
    }
  })

  it('`limits: false` turns them off', async () => {
    const { config, mails } = emailConfig(MemoryAdapter(), { provider: { limits: false } })
    for (let i = 0; i < 8; i++) await browser(config).requestLink('many@example.com')
    expect(mails).toHaveLength(8)
  })

  it('a store that fails sends nothing and says EmailSignin', async () => {
    const { config, mails } = emailConfig(MemoryAdapter(), {
      provider: {
        limits: {
          store: { increment: () => Promise.reject(new Error('down')), reset: () => Promise.resolve() },
        },
      },
    })
    const res = await browser(config).requestLink('a@example.com')
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(mails).toStrictEqual([])
  })

  it('a memory store given to two configurations is one limit', async () => {
    const store = new MemoryRateLimitStore()
    const limits = { store, perAddress: { max: 2, windowMs: 60_000 } }
    const one = emailConfig(MemoryAdapter(), { provider: { limits } })
    const two = emailConfig(MemoryAdapter(), { provider: { limits } })
    await browser(one.config).requestLink('shared@example.com')
    await browser(two.config).requestLink('shared@example.com')
    await browser(one.config).requestLink('shared@example.com')
    expect(one.mails.length + two.mails.length).toBe(2)
  })
})

const haveRedis = await redisAvailable()

describe.skipIf(!haveRedis)('send limits shared through Redis', () => {
  const prefix = `gh-test:${process.pid}:${crypto.randomUUID()}:`
  let a: Redis
  let b: Redis
  beforeAll(() => {
    a = new Redis(REDIS_URL)
    b = new Redis(REDIS_URL)
  })
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`)
    if (keys.length > 0) await a.del(...keys)
    a.disconnect()
    b.disconnect()
  })

  it('two instances, each with its own Redis connection, enforce one limit', async () => {
    const perAddress = { max: 3, windowMs: 60_000 }
    const one = emailConfig(MemoryAdapter(), {
      provider: { limits: { perAddress, store: new RedisRateLimitStore(a, { prefix }) } },
    })
    const two = emailConfig(MemoryAdapter(), {
      provider: { limits: { perAddress, store: new RedisRateLimitStore(b, { prefix }) } },
    })
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        browser((i % 2 === 0 ? one : two).config).requestLink('redis-shared@example.com'),
      ),
    )
    expect(answers.map((r) => r.headers.get('location'))).toStrictEqual(Array(6).fill(VERIFY))
    expect(one.mails.length + two.mails.length).toBe(3)
    expect(one.logger.warnings.length + two.logger.warnings.length).toBe(3)
    // The key holds a hash of the address, never the address.
    const keys = await a.keys(`${prefix}*`)
    expect(keys.some((k) => k.includes('redis-shared'))).toBe(false)
  })
})
