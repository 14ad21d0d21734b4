/**
 * Revocable JWT sessions across two instances sharing Redis or PostgreSQL (two store or adapter objects, so each
 * "instance" has its own in-process cache, as two processes would), with the check interval at 30 s and at 0.
 */
import { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, it, it as vitestIt, vi } from 'vitest'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import { resolveConfig } from '../../src/config/resolve-config.js'
import { sessionReadContext } from '../../src/session/session-read-context.js'
import { revokeUserSessions } from '../../src/user-sessions/revoke-sessions.js'
import { RedisStore } from '../../src/stores/redis-store.js'
import { MemoryStore } from '../../src/stores/memory-store.js'
import type { AuthConfig } from '../../src/types.js'
import { redisAvailable, REDIS_URL } from '../email/limit-redis-support.js'
import { ALICE, SECRET, SESSION, baseConfig, clears, setCookie } from '../http/http-helpers.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'
import { databaseAvailable, freshPostgres } from '../support/test-databases.js'

const ORIGIN = 'http://app.test'
const client = inProcessClient(ORIGIN)

async function signIn(config: AuthConfig, jar: CookieJar): Promise<string> {
  const csrfToken = await client.csrf(config, jar)
  await client.call(config, jar, '/auth/callback/credentials', {
    method: 'POST',
    body: new URLSearchParams({ csrfToken, username: 'alice', password: 'wonderland' }),
  })
  const value = jar.values.get(SESSION)
  if (value === undefined) throw new Error('no session cookie after sign-in')
  return value
}

async function session(config: AuthConfig, jar: CookieJar) {
  const res = await client.call(config, jar, '/auth/session')
  return { res, body: (await res.json()) as { user?: { name?: string } } | null }
}

/** revokeUserSessions as an application's code calls it, with this jar's cookies. */
function revokeAll(config: AuthConfig, jar: CookieJar | undefined, keep = false) {
  const ctx = sessionReadContext(resolveConfig(config), ORIGIN, jar?.header())
  return revokeUserSessions(ctx, ALICE.id!, { keep })
}

const claimsOf = async (value: string) => (await new SessionJwe(SECRET, SESSION).decrypt(value))!.payload

/** The clock moved forward (Date only) for the rest of the test. */
function advance(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + seconds * 1000)
}
afterEach(() => void vi.useRealTimers())

const redisUp = await redisAvailable()
const postgresUp = await databaseAvailable('postgres')

interface Backend {
  name: string
  skip: string | undefined
  /** Two instances' configurations over one shared backend, with this check interval. */
  instances(interval: number): Promise<[AuthConfig, AuthConfig]>
}

const prefix = `gh-test:revocation:${process.pid}:${crypto.randomUUID()}:`
const redisClients: Redis[] = []
let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined

const backends: Backend[] = [
  {
    name: 'Redis (stores.sessions)',
    skip: redisUp ? undefined : `no Redis at ${REDIS_URL}`,
    instances(interval) {
      // A prefix per pair: the user's generation starts at 0 for each case.
      const own = `${prefix}${crypto.randomUUID()}:`
      const make = () => {
        const redis = new Redis(REDIS_URL)
        redisClients.push(redis)
        return baseConfig({
          session: { revocationCheckInterval: interval },
          stores: { sessions: new RedisStore(redis, { prefix: own }) },
        })
      }
      return Promise.resolve([make(), make()])
    },
  },
  {
    name: 'PostgreSQL (the adapter)',
    skip: postgresUp ? undefined : 'no PostgreSQL',
    async instances(interval) {
      postgres ??= await freshPostgres()
      await migrate(postgres.pool)
      // Each case its own user generation: the generation is raised between cases, so reset it.
      await postgres.pool.query('DELETE FROM session_generations; DELETE FROM session_revocations')
      const make = () =>
        baseConfig({
          adapter: PostgresAdapter(postgres!.pool),
          session: { strategy: 'jwt', revocationCheckInterval: interval },
        })
      return [make(), make()]
    },
  },
]

afterAll(async () => {
  for (const redis of redisClients) {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    redis.disconnect()
  }
  await postgres?.drop()
})

describe.each(backends)('revocable JWT sessions on $name', (backend) => {
  // Reported skipped with the reason when the backend is not running (CI fails the file instead: redisAvailable).
  const it = (title: string, fn: () => Promise<void>) =>
    vitestIt(title, async (ctx) => {
      if (backend.skip !== undefined) ctx.skip(backend.skip)
      await fn()
    })

  it('interval 0: all sessions revoked on one instance fail at once on the other, which clears the cookie', async () => {
    const [a, b] = await backend.instances(0)
    const jar = new CookieJar()
    await signIn(a, jar)
    expect((await session(b, jar)).body?.user?.name).toBe(ALICE.name)
    await revokeAll(a, undefined)
    const { res, body } = await session(b, jar)
    expect(body).toBeNull()
    expect(clears(res, SESSION)).toBe(true)
    // And stays out: a copy of the cookie is no session on either instance.
    const copy = new CookieJar()
    const value = await signIn(a, new CookieJar())
    await revokeAll(b, undefined)
    copy.values.set(SESSION, value)
    expect((await session(a, copy)).body).toBeNull()
  })

  it('interval 0: a signed-out cookie reused on the other instance is no session', async () => {
    const [a, b] = await backend.instances(0)
    const jar = new CookieJar()
    const value = await signIn(a, jar)
    const csrfToken = await client.csrf(a, jar)
    await client.call(a, jar, '/auth/signout', { method: 'POST', body: new URLSearchParams({ csrfToken }) })
    const copy = new CookieJar()
    copy.values.set(SESSION, value)
    expect((await session(b, copy)).body).toBeNull()
  })

  it('interval 30 s: the revoking instance refuses at once; the other within the interval, not after it', async () => {
    const [a, b] = await backend.instances(30)
    const jar = new CookieJar()
    const value = await signIn(a, jar)
    expect((await session(a, jar)).body).not.toBeNull()
    expect((await session(b, jar)).body).not.toBeNull()
    await revokeAll(a, undefined)
    const copy = () => {
      const c = new CookieJar()
      c.values.set(SESSION, value)
      return c
    }
    expect((await session(a, copy())).body).toBeNull()
    // The documented window: b read alice's revocations less than 30 s ago.
    expect((await session(b, copy())).body).not.toBeNull()
    advance(31)
    expect((await session(b, copy())).body).toBeNull()
  })

  it('keep: the session that asked is re-issued under the new generation; the others and its old cookie end', async () => {
    const [a, b] = await backend.instances(0)
    const mine = new CookieJar()
    const other = new CookieJar()
    const before = await signIn(a, mine)
    await signIn(b, other)
    const cookies = await revokeAll(a, mine, true)
    const reissued = cookies.find((c) => c.name === SESSION)
    expect(reissued).toBeDefined()
    expect((await claimsOf(reissued!.value)).gh_sid).toBe((await claimsOf(before)).gh_sid)
    const kept = new CookieJar()
    kept.values.set(SESSION, reissued!.value)
    expect((await session(b, kept)).body?.user?.name).toBe(ALICE.name)
    expect((await session(b, other)).body).toBeNull()
    expect((await session(a, mine)).body).toBeNull()
  })
})

describe('revocable JWT sessions, in one process', () => {
  it('with nothing to remember revocations: no extra claims, revoking changes nothing, and it is logged', async () => {
    const config = baseConfig()
    const jar = new CookieJar()
    const value = await signIn(config, jar)
    const claims = await claimsOf(value)
    expect(claims).not.toHaveProperty('gh_sid')
    expect(claims).not.toHaveProperty('gh_gen')
    expect(await revokeAll(config, jar)).toEqual([])
    expect((await session(config, jar)).body?.user?.name).toBe(ALICE.name)
  })

  it('reads a user’s revocations at most once per interval', async () => {
    const store = new MemoryStore()
    const reads = vi.spyOn(store, 'getSessionRevocations')
    const config = baseConfig({ session: { revocationCheckInterval: 30 }, stores: { sessions: store } })
    const jar = new CookieJar()
    await signIn(config, jar)
    const atSignIn = reads.mock.calls.length
    for (let i = 0; i < 5; i++) expect((await session(config, jar)).body).not.toBeNull()
    expect(reads.mock.calls.length - atSignIn).toBeLessThanOrEqual(1)
    advance(31)
    expect((await session(config, jar)).body).not.toBeNull()
    expect(reads.mock.calls.length - atSignIn).toBeLessThanOrEqual(2)
  })

  it('a store that cannot answer: 503, no session, and the cookie kept', async () => {
    const store = new MemoryStore()
    const config = baseConfig({ session: { revocationCheckInterval: 0 }, stores: { sessions: store } })
    const jar = new CookieJar()
    await signIn(config, jar)
    vi.spyOn(store, 'getSessionRevocations').mockRejectedValue(new Error('store down'))
    const { res, body } = await session(config, jar)
    expect(res.status).toBe(503)
    expect(body).toBeNull()
    expect(setCookie(res, SESSION)).toBeUndefined()
  })

  it('a sign-out the store cannot record is answered as failed and keeps the cookie; the retry signs out (#26)', async () => {
    const store = new MemoryStore()
    const config = baseConfig({ session: { revocationCheckInterval: 0 }, stores: { sessions: store } })
    const jar = new CookieJar()
    const value = await signIn(config, jar)
    const down = vi.spyOn(store, 'addSessionRevocation').mockRejectedValue(new Error('store down'))
    const csrfToken = await client.csrf(config, jar)
    const signOut = () =>
      client.call(config, jar, '/auth/signout', { method: 'POST', body: new URLSearchParams({ csrfToken }) })
    const failed = await signOut()
    // As a database session's: a redirect to the error page, which answers 503 (code=unavailable).
    expect(failed.status).toBe(302)
    expect(failed.headers.get('location')).toContain('code=unavailable')
    expect(setCookie(failed, SESSION)).toBeUndefined()
    expect(jar.values.get(SESSION)).toBe(value)
    down.mockRestore()
    const done = await signOut()
    expect(done.status).toBe(302)
    const copy = new CookieJar()
    copy.values.set(SESSION, value)
    expect((await session(config, copy)).body).toBeNull()
  })

  it('a token issued before a generation was raised, without the claims, is revoked by the raise', async () => {
    const store = new MemoryStore()
    const plain = baseConfig()
    const jar = new CookieJar()
    await signIn(plain, jar)
    const config = baseConfig({ session: { revocationCheckInterval: 0 }, stores: { sessions: store } })
    expect((await session(config, jar)).body).not.toBeNull()
    await revokeAll(config, undefined)
    expect((await session(config, jar)).body).toBeNull()
  })
})
