/**
 * Two Gatehouse processes on one PostgreSQL and one Redis, behind one public address (issue #26): what must hold
 * across instances. A passkey challenge answered on A is refused on B; an e-mail link opened on both at once signs
 * in once; the e-mail send limit counts the sends of both; a TOTP code used on A is refused on B; password failures
 * on A and B add up to one account's throttle. The PostgreSQL
 * and the Redis are this file's own (private servers on free ports), since the load test beside this one restarts
 * them.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresAdapter, migrate } from '../../src/adapters/postgres.js'
import {
  privatePostgres,
  privateRedis,
  privateServicesAvailable,
  type PrivatePostgres,
  type PrivateRedis,
} from '../support/private-services.js'
import { softwareAuthenticator } from '../webauthn/webauthn-harness.js'
import { argon2Hasher } from '../../src/passwords/argon2-hasher.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { CookieJar, PUBLIC, SESSION, csrf, send, signIn, startInstance, type Instance } from './instances.js'

const services = privateServicesAvailable()
if (!services.ok && process.env.CI) throw new Error(`CI requires private servers: ${services.why}`)

describe.skipIf(!services.ok)('two instances on one PostgreSQL and one Redis', () => {
  let postgres: PrivatePostgres
  let redis: PrivateRedis
  let pool: pg.Pool
  let a: Instance
  let b: Instance

  beforeAll(async () => {
    ;[postgres, redis] = await Promise.all([privatePostgres(), privateRedis()])
    pool = new pg.Pool({ connectionString: postgres.url, max: 2 })
    await migrate(pool)
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url }
    ;[a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await pool?.end()
    await Promise.all([postgres?.remove(), redis?.remove()])
  })

  it('a passkey challenge answered on A, replayed on B with a copy of its cookie: refused', () =>
    passkeyReplayRefused(a, b, 'pk@example.com'))

  it('without Redis, with the stores in PostgreSQL (PostgresStore): the same replay refused, the same limit', async () => {
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, STORE: 'sql' }
    const [c, d] = await Promise.all([startInstance('C', env), startInstance('D', env)])
    try {
      await passkeyReplayRefused(c, d, 'pk-sql@example.com')
      await sendLimitCountsBoth(c, d, 'limit-sql@example.com')
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM gatehouse_shared_state WHERE state_key LIKE 'once:webauthn:challenge:%'",
      )
      expect(rows[0]!.n).toBeGreaterThan(0)
    } finally {
      await Promise.all([c.stop(), d.stop()])
    }
  }, 60_000)

  async function passkeyReplayRefused(a: Instance, b: Instance, email: string) {
    const authenticator = softwareAuthenticator({ origin: PUBLIC, counterStep: 0 })
    const register = new CookieJar()
    const creation = await send(a, register, `/auth/webauthn-options/passkey?action=register&email=${email}`)
    expect(creation.status).toBe(200)
    const registered = await send(a, register, '/auth/callback/passkey', {
      form: {
        action: 'register',
        data: JSON.stringify(
          authenticator.register(
            (creation.body as { options: Parameters<typeof authenticator.register>[0] }).options,
          ),
        ),
      },
    })
    expect(registered.sessionCookie).toBe('set')

    const jar = new CookieJar()
    const request = await send(b, jar, '/auth/webauthn-options/passkey?action=authenticate')
    const data = JSON.stringify(
      authenticator.authenticate(
        (request.body as { options: Parameters<typeof authenticator.authenticate>[0] }).options,
      ),
    )
    const challenge = jar.values.get('authjs.challenge')!
    const answered = await send(a, jar, '/auth/callback/passkey', { form: { action: 'authenticate', data } })
    expect(answered.status).toBe(302)
    expect(answered.sessionCookie).toBe('set')

    const replay = new CookieJar()
    replay.values.set('authjs.challenge', challenge)
    const refused = await send(b, replay, '/auth/callback/passkey', {
      form: { action: 'authenticate', data },
    })
    expect(refused.sessionCookie).toBe('untouched')
    expect(refused.location).toMatch(/error=/)
    expect(replay.get(SESSION)).toBeUndefined()
  }

  it('an e-mail link opened on A and on B at the same moment signs in once', async () => {
    const jar = new CookieJar()
    const asked = await send(a, jar, '/auth/signin/email', {
      form: { csrfToken: await csrf(a, jar), email: 'link@example.com', callbackUrl: `${PUBLIC}/home` },
    })
    expect(asked.location).toContain('/auth/verify-request')
    const link = a.mails.find((m) => m.identifier === 'link@example.com')!.url
    const [onA, onB] = await Promise.all([send(a, new CookieJar(), link), send(b, new CookieJar(), link)])
    const winners = [onA, onB].filter((x) => x.sessionCookie === 'set')
    expect(winners).toHaveLength(1)
    const loser = winners[0] === onA ? onB : onA
    expect(loser.location).toContain('error=Verification')
  })

  it('the e-mail send limit counts the sends of both instances (5 an hour per address)', () =>
    sendLimitCountsBoth(a, b, 'limit@example.com'))

  async function sendLimitCountsBoth(a: Instance, b: Instance, address: string) {
    for (let i = 0; i < 8; i++) {
      const instance = i % 2 === 0 ? a : b
      const jar = new CookieJar()
      const asked = await send(instance, jar, '/auth/signin/email', {
        form: { csrfToken: await csrf(instance, jar), email: address, callbackUrl: `${PUBLIC}/home` },
      })
      // The same answer whether sent or not, so the limit tells nobody whether the address exists.
      expect(asked.location).toContain('/auth/verify-request')
    }
    const sent = (x: Instance) => x.mails.filter((m) => m.identifier === address).length
    expect(sent(a) + sent(b)).toBe(5)
    expect(sent(a)).toBeGreaterThan(0)
    expect(sent(b)).toBeGreaterThan(0)
  }

  it('a TOTP code used on A is refused on B (the time step is spent in the shared database and Redis)', async () => {
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, TWO_FACTOR: '1' }
    const [e, f] = await Promise.all([startInstance('E', env), startInstance('F', env)])
    try {
      // Database sessions: the credentials user must be the adapter's.
      const created = await PostgresAdapter(pool).createUser({
        id: crypto.randomUUID(),
        email: 'totp@example.com',
        emailVerified: null,
      })
      const user = created.id
      const setup = new CookieJar()
      const first = await signIn(e, setup, user)
      expect(
        first.sessionCookie,
        JSON.stringify([first.status, first.location, first.body]).slice(0, 300),
      ).toBe('set')
      const page = await send(e, setup, '/auth/two-factor/setup')
      const secret = /id="two-factor-secret">([A-Z2-7]+)</.exec(String(page.body))?.[1]
      expect(secret).toBeDefined()
      // Enrolled with the previous step's code (one step of drift is allowed), so the current one is still unused.
      const enrolled = await send(e, setup, '/auth/two-factor/setup', {
        form: { csrfToken: await csrf(e, setup), code: totpCode(secret!, stepAt() - 1) },
      })
      expect(enrolled.status).toBe(200)

      const code = totpCode(secret!, stepAt())
      const onA = new CookieJar()
      expect((await signIn(e, onA, user)).location).toBe(`${PUBLIC}/auth/two-factor`)
      const passed = await send(e, onA, '/auth/callback/two-factor', {
        form: { csrfToken: await csrf(e, onA), code },
      })
      expect(passed.sessionCookie).toBe('set')

      const onB = new CookieJar()
      expect((await signIn(f, onB, user)).location).toBe(`${PUBLIC}/auth/two-factor`)
      const replayed = await send(f, onB, '/auth/callback/two-factor', {
        form: { csrfToken: await csrf(f, onB), code },
      })
      expect(replayed.sessionCookie).toBe('untouched')
      expect(replayed.location).toContain('error=invalid')
      expect(onB.get(SESSION)).toBeUndefined()
    } finally {
      await Promise.all([e.stop(), f.stop()])
    }
  }, 60_000)

  it('password failures on A and B count for one account: the 6th attempt is refused on both, even the right password', async () => {
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, PASSWORD: '1' }
    const [g, h] = await Promise.all([startInstance('G', env), startInstance('H', env)])
    try {
      const email = 'password-shared@example.com'
      const right = 'correct horse battery staple'
      const adapter = PostgresAdapter(pool)
      const user = await adapter.createUser({ id: crypto.randomUUID(), email, emailVerified: new Date() })
      const hasher = argon2Hasher({ memoryCost: 8192, timeCost: 1, parallelism: 1 })
      await adapter.setPasswordHash(user.id, await hasher.hash(right))
      const attempt = async (instance: Instance, password: string) => {
        const jar = new CookieJar()
        return send(instance, jar, '/auth/callback/password', {
          form: { csrfToken: await csrf(instance, jar), email, password, callbackUrl: `${PUBLIC}/home` },
        })
      }
      expect((await attempt(h, right)).sessionCookie).toBe('set')
      for (const instance of [g, h, g, h, g]) {
        expect((await attempt(instance, 'not the right one at all')).location).toContain(
          'error=CredentialsSignin',
        )
      }
      for (const instance of [g, h]) {
        const refused = await attempt(instance, right)
        expect(refused.location).toContain('error=TooManyAttempts')
        expect(refused.sessionCookie).toBe('untouched')
      }
    } finally {
      await Promise.all([g.stop(), h.stop()])
    }
  }, 60_000)

  it('the adapter user behind a passkey sign-in is in the shared database', async () => {
    const adapter = PostgresAdapter(pool)
    expect(await adapter.getUserByEmail('pk@example.com')).not.toBeNull()
  })
})
