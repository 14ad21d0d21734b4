/**
 * A passkey challenge is single use on every instance that shares the configuration's `stores.singleUse`: answered
 * on instance A, the same response with a copy of the challenge cookie is refused on instance B when both use one
 * Redis, and accepted there when each keeps its own memory (why several instances need a shared store). A store
 * that cannot answer refuses the sign-in (503), and a configuration built per request still spends once.
 */
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { AuthError } from '../../src/errors.js'
import { RedisStore } from '../../src/stores/redis-store.js'
import type { StoresOptions } from '../../src/stores/stores-options.js'
import type { AuthConfig } from '../../src/types.js'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'
import { inProcessClient } from '../support/in-process-client.js'
import { CookieJar, ORIGIN, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

const JSON_ANSWER = { 'X-Auth-Return-Redirect': '1' }
const haveRedis = await redisAvailable()
const prefix = `gh-test:passkey-store:${process.pid}:${crypto.randomUUID()}:`
const connections: Redis[] = []
const redisStore = () => {
  const connection = new Redis(REDIS_URL)
  connections.push(connection)
  return new RedisStore(connection, { prefix })
}
afterAll(async () => {
  const [first] = connections
  if (first) {
    const keys = await first.keys(`${prefix}*`)
    if (keys.length > 0) await first.del(...keys)
  }
  for (const c of connections) c.disconnect()
})

const client = inProcessClient(ORIGIN)

/**
 * A registered passkey (its authenticator does not count, so only the challenge can refuse a replay) and one
 * answered sign-in on instance A: the response and a copy of its challenge cookie.
 */
async function answeredOnA(stores: StoresOptions | undefined, config: Partial<AuthConfig> = {}) {
  const h = webauthnHarness({
    adapter: MemoryAdapter(),
    config: { ...(stores ? { stores } : {}), ...config },
  })
  const authenticator = softwareAuthenticator({ counterStep: 0 })
  const email = `user-${crypto.randomUUID()}@example.com`
  expect((await h.ceremony(new CookieJar(), authenticator, { action: 'register', email })).status).toBe(302)
  const jar = new CookieJar()
  const { body } = await h.optionsFor(jar, { action: 'authenticate' })
  const data = authenticator.authenticate(body.options)
  const cookie = jar.values.get('authjs.challenge')!
  const fields = { action: 'authenticate', data: JSON.stringify(data) }
  expect((await h.post(jar, fields, JSON_ANSWER)).status).toBe(200)
  /** The same response with the copied cookie, sent to another instance of the same configuration. */
  const replayOn = async (config: AuthConfig) => {
    const replay = new CookieJar()
    replay.values.set('authjs.challenge', cookie)
    const res = await client.call(config, replay, '/auth/callback/passkey', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...JSON_ANSWER },
      body: new URLSearchParams(fields),
    })
    return { res, jar: replay }
  }
  return { h, replayOn }
}

describe.skipIf(!haveRedis)('two instances sharing Redis', () => {
  it('a challenge answered on A is refused on B', async () => {
    const { h, replayOn } = await answeredOnA({ singleUse: redisStore() })
    // Instance B: the same settings, its own resolution and its own Redis connection.
    const b = { ...h.config, stores: { singleUse: redisStore() } }
    const { res } = await replayOn(b)
    expect(res.status).toBe(403)
    expect(h.logger.errors.at(-1)).toMatchObject({ reason: 'webauthn_challenge_replayed' })
  })
})

describe('without a shared store', () => {
  it('each instance remembers only its own answers: B accepts the replay A refuses', async () => {
    const { h, replayOn } = await answeredOnA(undefined)
    expect((await replayOn(h.config)).res.status).toBe(403)
    const b = { ...h.config }
    expect((await replayOn(b)).res.status).toBe(200)
  })

  it('a configuration built per request (Auth(request, fn)) still spends a challenge once', async () => {
    const { h, replayOn } = await answeredOnA(undefined)
    // Another instance whose configuration is a function returning a new object for every request.
    const perRequest = () => ({ ...h.config })
    const statuses = [
      (await replayOn(perRequest as unknown as AuthConfig)).res.status,
      (await replayOn(perRequest as unknown as AuthConfig)).res.status,
    ]
    expect(statuses).toStrictEqual([200, 403])
  })
})

describe('a single-use store that fails', () => {
  it('refuses the sign-in with 503 and no session', async () => {
    const failing = { consume: () => Promise.reject(new Error('Redis is down')) }
    const h = webauthnHarness({ adapter: MemoryAdapter(), config: { stores: { singleUse: failing } } })
    const authenticator = softwareAuthenticator()
    const jar = new CookieJar()
    const { body } = await h.optionsFor(jar, {
      action: 'register',
      email: `user-${crypto.randomUUID()}@example.com`,
    })
    const data = authenticator.register(body.options)
    const res = await h.post(jar, { action: 'register', data: JSON.stringify(data) }, JSON_ANSWER)
    expect(res.status).toBe(503)
    const text = await res.text()
    expect(text).not.toMatch(/Redis is down|at .*\.ts:\d+/)
    expect(new URL((JSON.parse(text) as { url: string }).url).searchParams.get('error')).toBe('Configuration')
    const logged = h.logger.errors.at(-1) as AuthError
    expect(logged.reason).toBe('single_use_store_failed')
    expect(logged.type).toBe('AdapterError')
    expect(await h.session(jar)).toBeNull()
  })
})
