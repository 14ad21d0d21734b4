/**
 * One suite of session behaviour, run over both session strategies (hono's `common.case.test.ts` pattern): each
 * strategy's test file is two lines. What both strategies do alike is asserted alike; where they differ on purpose,
 * the strategy says so in its {@link SessionStrategyCase} and the suite checks that difference, or reports the case
 * skipped with its reason. Per-adapter database behaviour stays in test/database/session-flow-scenarios.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type TestContext } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import type { Adapter } from '../../src/adapters/adapter.js'
import { createAuth } from '../../src/create-auth.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import type { AuthConfig, Session } from '../../src/types.js'
import {
  ALICE,
  SECRET,
  SESSION,
  baseConfig,
  clears,
  recordingLogger,
  setCookie,
  type RecordingLogger,
} from '../http/http-helpers.js'
import { CookieJar, csrfToken, form, jarFetch } from './cookie-jar.js'
import { serveAuth, type ServedAuth } from './serve-auth.js'

const DAY = 86_400
const MAX_AGE = 30 * DAY

/** A session strategy as the suite runs it, with the differences it has on purpose. */
export interface SessionStrategyCase {
  name: string
  /** The strategy's part of a configuration, fresh for each server: `session.strategy` and any adapter. */
  config: () => Promise<Pick<AuthConfig, 'session' | 'adapter'>>
  /** The expiry the store keeps for a session cookie's value (the JWT's `exp`, the row's `expires`), in ms. */
  storedExpiry: (config: AuthConfig, cookieValue: string) => Promise<number | null>
  /** Whether re-issuing a session changes the cookie's value (a new JWT) or keeps it (the same database token). */
  reissueChangesValue: boolean
  /** Whether a cookie that cannot be read is logged as an error (a JWT that does not decrypt) or not. */
  logsUnreadableCookie: boolean
  /**
   * Whether a session read whose callback throws clears the cookie (JWT, as Auth.js) or keeps it (database: the
   * row may well be valid, a callback failed).
   */
  failedReadClearsCookie: boolean
  /** Why a session cannot be ended before its expiry, or `undefined` when it can (sign-out, a new sign-in). */
  notRevocable?: string | undefined
}

/** JWT sessions: the session is the encrypted cookie. */
export const jwtStrategy: SessionStrategyCase = {
  name: 'jwt',
  config: () => Promise.resolve({ session: { strategy: 'jwt' } }),
  async storedExpiry(_config, value) {
    const exp = (await new SessionJwe(SECRET, SESSION).decrypt(value))?.payload.exp
    return typeof exp === 'number' ? exp * 1000 : null
  },
  reissueChangesValue: true,
  logsUnreadableCookie: true,
  failedReadClearsCookie: true,
  notRevocable:
    'a JWT session lives in its cookie until it expires when nothing remembers revocations (see jwtRevocableStrategy)',
}

/**
 * Revocable JWT sessions: the same cookie, with revocations remembered by the memory adapter (which has the
 * revocation methods) and checked on every request (interval 0), so a signed-out or replaced cookie is no session.
 */
export const jwtRevocableStrategy: SessionStrategyCase = {
  ...jwtStrategy,
  name: 'jwt (revocable)',
  config: () =>
    Promise.resolve({ adapter: MemoryAdapter(), session: { strategy: 'jwt', revocationCheckInterval: 0 } }),
  notRevocable: undefined,
}

/** Database sessions on the memory adapter: the cookie holds a random token, the adapter its hash. */
export const databaseStrategy: SessionStrategyCase = {
  name: 'database',
  async config() {
    const adapter = MemoryAdapter()
    await adapter.createUser({ ...ALICE, id: ALICE.id!, email: ALICE.email!, emailVerified: null })
    return { adapter, session: { strategy: 'database' } }
  },
  async storedExpiry(config, value) {
    const found = await (config.adapter as Required<Adapter>).getSessionAndUser(hashSessionToken(value))
    return found ? found.session.expires.getTime() : null
  },
  reissueChangesValue: false,
  logsUnreadableCookie: false,
  failedReadClearsCookie: false,
}

/** The clock moved forward by `seconds` for the rest of the test (Date only; timers stay real). */
function advanceClock(seconds: number): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + seconds * 1000)
}

const noCache = { 'cache-control': 'private, no-cache, no-store', expires: '0', pragma: 'no-cache' }

/** The session cookie's value, changed in its last characters (a tampered or guessed cookie). */
const tampered = (value: string) => `${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`

/**
 * A server for one `describe`: the strategy's configuration with alice's credentials, a recording logger, the
 * `events.session` messages, and a `session` callback that applies `update()` data and throws on demand.
 */
function useStrategyServer(strategy: SessionStrategyCase, extra: Partial<AuthConfig> = {}) {
  const state = {
    served: undefined as ServedAuth | undefined,
    config: undefined as AuthConfig | undefined,
    logger: recordingLogger(),
    sessionEvents: [] as Session[],
    updates: [] as unknown[],
    throwing: false,
  }
  beforeAll(async () => {
    const own = await strategy.config()
    state.config = baseConfig({
      ...own,
      ...extra,
      // The strategy's session options stay (its strategy, its revocation interval) under the describe's.
      session: { ...own.session, ...extra.session },
      logger: state.logger,
      events: { session: ({ session }) => void state.sessionEvents.push(session) },
      callbacks: {
        session: ({ session, trigger, newSession }) => {
          if (state.throwing) throw new Error('the session callback failed')
          if (trigger !== 'update') return session
          state.updates.push(newSession)
          return { ...session, user: { ...session.user, name: (newSession as { name: string }).name } }
        },
      },
    })
    state.served = await serveAuth(state.config)
  })
  afterAll(async () => {
    await state.served?.close()
  })
  afterEach(() => {
    vi.useRealTimers()
    state.throwing = false
  })
  const origin = () => state.served!.origin
  return {
    state,
    origin,
    config: () => state.config!,
    logger: (): RecordingLogger => state.logger,
    async signIn(jar: CookieJar): Promise<string> {
      const token = await csrfToken(jar, origin())
      const res = await jarFetch(
        jar,
        `${origin()}/auth/callback/credentials`,
        form({ csrfToken: token, username: 'alice', password: 'wonderland' }),
      )
      expect(res.status).toBe(302)
      return jar.values.get(SESSION)!
    },
    async session(jar: CookieJar): Promise<{ res: Response; body: Session | null }> {
      const res = await jarFetch(jar, `${origin()}/auth/session`)
      return { res, body: (await res.json()) as Session | null }
    },
    async update(jar: CookieJar, data: unknown, withCsrf = true): Promise<Response> {
      const token = withCsrf ? await csrfToken(jar, origin()) : undefined
      return jarFetch(jar, `${origin()}/auth/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(token === undefined ? { data } : { csrfToken: token, data }),
      })
    },
    async signOut(jar: CookieJar): Promise<Response> {
      const token = await csrfToken(jar, origin())
      return jarFetch(jar, `${origin()}/auth/signout`, form({ csrfToken: token }))
    },
  }
}

/** The session behaviour every strategy has, run on `strategy`. */
export function sessionStrategySuite(strategy: SessionStrategyCase): void {
  /** A case that needs a revocable session: run, or reported skipped with the strategy's reason. */
  const revocable = (title: string, fn: () => Promise<void>) =>
    it(title, async (ctx: TestContext) => {
      if (strategy.notRevocable !== undefined) ctx.skip(strategy.notRevocable)
      await fn()
    })

  describe(`session strategy: ${strategy.name}`, () => {
    describe('the session endpoint', () => {
      const app = useStrategyServer(strategy)

      it('without a cookie: null, no-cache headers, and no cookie set', async () => {
        const { res, body } = await app.session(new CookieJar())
        expect(res.status).toBe(200)
        for (const [name, value] of Object.entries(noCache)) expect(res.headers.get(name), name).toBe(value)
        expect(body).toBeNull()
        expect(res.headers.getSetCookie()).toEqual([])
      })

      it('after sign-in: the user, expiring maxAge from now as stored; no cookie on checks before updateAge', async () => {
        const jar = new CookieJar()
        const value = await app.signIn(jar)
        const stored = await strategy.storedExpiry(app.config(), value)
        expect(Math.abs(stored! - (Date.now() + MAX_AGE * 1000))).toBeLessThan(5_000)
        for (let i = 0; i < 3; i++) {
          const { res, body } = await app.session(jar)
          for (const [name, v] of Object.entries(noCache)) expect(res.headers.get(name), name).toBe(v)
          expect(res.headers.getSetCookie()).toEqual([])
          expect(body).toMatchObject({ user: { name: ALICE.name, email: ALICE.email } })
          expect(Math.abs(Date.parse(body!.expires) - stored!)).toBeLessThan(1_000)
          expect(app.state.sessionEvents.at(-1)).toEqual(body)
        }
        expect(await strategy.storedExpiry(app.config(), value)).toBe(stored)
      })

      it('once updateAge has passed: re-issued to expire maxAge from the check, as stored; the new cookie works', async () => {
        const jar = new CookieJar()
        const before = await app.signIn(jar)
        advanceClock(2 * DAY)
        const { res, body } = await app.session(jar)
        const cookie = setCookie(res, SESSION)
        expect(cookie).toBeDefined()
        expect(cookie!.value !== before).toBe(strategy.reissueChangesValue)
        const expires = Date.parse(body!.expires)
        expect(Math.abs(expires - (Date.now() + MAX_AGE * 1000))).toBeLessThan(1_000)
        expect(Math.abs(Date.parse(cookie!.attributes.get('expires')!) - expires)).toBeLessThan(1_000)
        expect(Math.abs((await strategy.storedExpiry(app.config(), cookie!.value))! - expires)).toBeLessThan(
          1_000,
        )
        expect((await app.session(jar)).body).toMatchObject({ user: { name: ALICE.name } })
      })

      it('past maxAge: null and the cookie cleared', async () => {
        const jar = new CookieJar()
        await app.signIn(jar)
        expect((await app.session(jar)).body).not.toBeNull()
        advanceClock(MAX_AGE + 60)
        const { res, body } = await app.session(jar)
        expect(body).toBeNull()
        expect(clears(res, SESSION)).toBe(true)
      })

      it('a tampered cookie: null and the cookie cleared', async () => {
        const jar = new CookieJar()
        jar.values.set(SESSION, tampered(await app.signIn(new CookieJar())))
        const errors = app.logger().errors.length
        const { res, body } = await app.session(jar)
        expect(body).toBeNull()
        expect(clears(res, SESSION)).toBe(true)
        expect(app.logger().errors.length > errors).toBe(strategy.logsUnreadableCookie)
      })

      it('POST with data reaches the session callback as trigger update and newSession, answered with the change', async () => {
        const jar = new CookieJar()
        await app.signIn(jar)
        app.state.updates.length = 0
        const res = await app.update(jar, { name: 'Alicia' })
        expect(res.status).toBe(200)
        expect(res.headers.get('cache-control')).toBeNull()
        expect(app.state.updates).toStrictEqual([{ name: 'Alicia' }])
        expect(await res.json()).toMatchObject({ user: { name: 'Alicia', email: ALICE.email } })
      })

      it('POST without a CSRF token: 400, a JSON null body, and no update', async () => {
        const jar = new CookieJar()
        await app.signIn(jar)
        app.state.updates.length = 0
        const res = await app.update(jar, { name: 'Mallory' }, false)
        expect(res.status).toBe(400)
        expect(await res.text()).toBe('null')
        expect(app.state.updates).toStrictEqual([])
        expect((await app.session(jar)).body?.user?.name).toBe(ALICE.name)
      })

      it('a session callback that throws: 200 and null, logged; the cookie cleared or kept as the strategy says', async () => {
        const jar = new CookieJar()
        await app.signIn(jar)
        app.state.throwing = true
        const errors = app.logger().errors.length
        const { res, body } = await app.session(jar)
        expect(res.status).toBe(200)
        expect(body).toBeNull()
        expect(app.logger().errors.length).toBe(errors + 1)
        expect(clears(res, SESSION)).toBe(strategy.failedReadClearsCookie)
        if (!strategy.failedReadClearsCookie) expect(res.headers.getSetCookie()).toEqual([])
      })
    })

    describe('signing out and in again', () => {
      const app = useStrategyServer(strategy)

      it('sign-out clears the cookie: that browser has no session', async () => {
        const jar = new CookieJar()
        await app.signIn(jar)
        const res = await app.signOut(jar)
        expect(res.status).toBe(302)
        expect(clears(res, SESSION)).toBe(true)
        expect((await app.session(jar)).body).toBeNull()
      })

      revocable('a copy of a signed-out cookie is no session either', async () => {
        const jar = new CookieJar()
        const value = await app.signIn(jar)
        await app.signOut(jar)
        const copy = new CookieJar()
        copy.values.set(SESSION, value)
        expect((await app.session(copy)).body).toBeNull()
      })

      it('signing in again in the same browser issues a new cookie value', async () => {
        const jar = new CookieJar()
        const first = await app.signIn(jar)
        const second = await app.signIn(jar)
        expect(second).not.toBe(first)
        expect((await app.session(jar)).body).toMatchObject({ user: { name: ALICE.name } })
      })

      revocable('the cookie a new sign-in replaced is no session (session fixation)', async () => {
        const jar = new CookieJar()
        const first = await app.signIn(jar)
        await app.signIn(jar)
        const copy = new CookieJar()
        copy.values.set(SESSION, first)
        expect((await app.session(copy)).body).toBeNull()
      })
    })

    describe('updateAge 0', () => {
      const app = useStrategyServer(strategy, { session: { updateAge: 0 } })

      it('re-issues the session on every check', async () => {
        const jar = new CookieJar()
        const values = [await app.signIn(jar)]
        for (let i = 0; i < 2; i++) {
          const cookie = setCookie((await app.session(jar)).res, SESSION)
          expect(cookie).toBeDefined()
          values.push(cookie!.value)
        }
        expect(new Set(values).size).toBe(strategy.reissueChangesValue ? 3 : 1)
      })
    })

    describe('createAuth().getSession(request)', () => {
      const app = useStrategyServer(strategy)
      const appRequest = (cookie?: string) =>
        new Request('http://app.test/dashboard', cookie === undefined ? {} : { headers: { cookie } })

      it('without a cookie: no session and no cookies', async () => {
        const { getSession } = createAuth(app.config())
        expect(await getSession(appRequest())).toStrictEqual({ session: null, cookies: [], setCookie: [] })
      })

      it('before updateAge: the session and no cookies', async () => {
        const { getSession } = createAuth(app.config())
        const value = await app.signIn(new CookieJar())
        const result = await getSession(appRequest(`${SESSION}=${value}`))
        expect(result.session).toMatchObject({ user: { name: ALICE.name, email: ALICE.email } })
        expect(result.cookies).toStrictEqual([])
        expect(result.setCookie).toStrictEqual([])
      })

      it('past updateAge: the re-issued cookie with its options and Set-Cookie line, as stored; it works', async () => {
        const { getSession, auth } = createAuth(app.config())
        const value = await app.signIn(new CookieJar())
        advanceClock(2 * DAY)
        const result = await getSession(appRequest(`${SESSION}=${value}`))
        expect(result.session).toMatchObject({ user: { name: ALICE.name } })
        expect(result.cookies).toHaveLength(1)
        const [cookie] = result.cookies
        expect(cookie!.name).toBe(SESSION)
        expect(cookie!.value !== value).toBe(strategy.reissueChangesValue)
        expect(cookie!.options).toMatchObject({ httpOnly: true, path: '/', sameSite: 'lax' })
        const expires = (cookie!.options.expires as Date).getTime()
        expect(Math.abs(expires - (Date.now() + MAX_AGE * 1000))).toBeLessThan(1_000)
        expect(Math.abs((await strategy.storedExpiry(app.config(), cookie!.value))! - expires)).toBeLessThan(
          1_000,
        )
        expect(result.setCookie).toHaveLength(1)
        expect(result.setCookie[0]).toMatch(new RegExp(`^${SESSION}=${cookie!.value}; `))
        expect(result.setCookie[0]).toContain('HttpOnly')
        expect((await getSession(appRequest(`${SESSION}=${cookie!.value}`))).session).toMatchObject({
          user: { name: ALICE.name },
        })
        // auth() drops the cookies (its documented contract); the session is read all the same.
        expect(await auth(appRequest(`${SESSION}=${cookie!.value}`))).toMatchObject({
          user: { name: ALICE.name },
        })
      })

      it('a tampered cookie: no session, and the cookie that clears it', async () => {
        const { getSession } = createAuth(app.config())
        const value = tampered(await app.signIn(new CookieJar()))
        const errors = app.logger().errors.length
        const result = await getSession(appRequest(`${SESSION}=${value}`))
        expect(result.session).toBeNull()
        expect(result.cookies.map((c) => [c.name, c.value, c.options.maxAge])).toStrictEqual([
          [SESSION, '', 0],
        ])
        expect(result.setCookie).toHaveLength(1)
        expect(result.setCookie[0]).toMatch(new RegExp(`^${SESSION}=; .*Max-Age=0`))
        expect(app.logger().errors.length > errors).toBe(strategy.logsUnreadableCookie)
      })

      it('a callback that throws: no session, logged; the cookie cleared or kept as the strategy says', async () => {
        const { getSession } = createAuth(app.config())
        const value = await app.signIn(new CookieJar())
        app.state.throwing = true
        const errors = app.logger().errors.length
        const result = await getSession(appRequest(`${SESSION}=${value}`))
        expect(result.session).toBeNull()
        expect(app.logger().errors.length).toBe(errors + 1)
        expect(result.cookies.map((c) => [c.name, c.options.maxAge])).toStrictEqual(
          strategy.failedReadClearsCookie ? [[SESSION, 0]] : [],
        )
      })
    })
  })
}
