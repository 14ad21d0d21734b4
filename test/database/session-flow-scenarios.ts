/** Database-session flows through a real node:http server, run against any adapter with raw row access. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter, AdapterUser } from '../../src/adapters/adapter.js'
import Credentials from '../../src/providers/credentials.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import type { AuthConfig, LoggerInstance, SessionTokenStorage } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'

export const SESSION = 'authjs.session-token'
const MAX_AGE = 3600
const UPDATE_AGE = 600

/** Raw access to the sessions table, with the test's own queries. */
export interface SessionRows {
  row: (sessionToken: string) => Awaitable<{ userId: string; expires: Date } | null>
  setExpires: (sessionToken: string, expires: Date) => Awaitable<void>
  /** Inserts a session as Auth.js would (plain token). */
  insert: (session: { sessionToken: string; userId: string; expires: Date }) => Awaitable<void>
}

type Awaitable<T> = T | Promise<T>

/** What a flow file provides: a fresh adapter and raw rows, set up once. */
export interface FlowBackend {
  name: string
  setup: () => Promise<{ adapter: Adapter; rows: SessionRows; teardown: () => Awaitable<void> }>
}

export function quietLogger(): LoggerInstance & { errors: Error[]; warnings: string[] } {
  const errors: Error[] = []
  const warnings: string[] = []
  return {
    errors,
    warnings,
    error: (e) => errors.push(e),
    warn: (code) => warnings.push(code),
    debug: () => {},
  }
}

/** Runs the database-strategy flows on `backend`, with hashed (default) or another token storage. */
export function databaseSessionFlows(
  backend: FlowBackend,
  tokenStorage: SessionTokenStorage = 'hashed',
): void {
  describe(`database sessions over HTTP: ${backend.name} (${tokenStorage})`, () => {
    let server: ServedAuth
    let rows: SessionRows
    let teardown: () => Awaitable<void> = () => {}
    let alice: AdapterUser
    let endsEverySession = false
    const logger = quietLogger()
    const events: Array<[string, Record<string, unknown>]> = []
    const key = (token: string) => (tokenStorage === 'plain' ? token : hashSessionToken(token))

    beforeAll(async () => {
      const setup = await backend.setup()
      rows = setup.rows
      teardown = setup.teardown
      endsEverySession = typeof setup.adapter.deleteSessions === 'function'
      alice = await setup.adapter.createUser!({
        id: crypto.randomUUID(),
        name: 'Alice',
        email: `alice-${crypto.randomUUID()}@example.com`,
        emailVerified: null,
      })
      const config: AuthConfig = {
        secret: 'a-test-secret-that-is-at-least-32-characters-long',
        trustHost: true,
        adapter: setup.adapter,
        logger,
        session: { maxAge: MAX_AGE, updateAge: UPDATE_AGE, tokenStorage },
        events: {
          signIn: (message) => void events.push(['signIn', message]),
          session: (message) => void events.push(['session', message]),
          signOut: (message) => void events.push(['signOut', message]),
        },
        providers: [
          Credentials({
            credentials: { username: {}, password: {} },
            authorize: ({ username, password }) => {
              if (password !== 'wonderland') return null
              return username === 'alice' ? { id: alice.id } : { id: 'not-a-user-of-the-adapter' }
            },
          }),
        ],
      }
      server = await serveAuth(config)
    })
    afterAll(async () => {
      await server?.close()
      await teardown()
    })

    async function signIn(jar: CookieJar, username = 'alice') {
      const csrf = await csrfToken(jar, server.origin)
      return jarFetch(
        jar,
        `${server.origin}/auth/callback/credentials`,
        form({ csrfToken: csrf, username, password: 'wonderland', callbackUrl: '/home' }),
      )
    }
    const session = (jar: CookieJar) => jarFetch(jar, `${server.origin}/auth/session`)

    it('credentials sign-in creates a database session; the cookie holds only a random token', async () => {
      const jar = new CookieJar()
      const res = await signIn(jar)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${server.origin}/home`)
      const token = jar.get(SESSION)!
      expect(token).toMatch(/^[\w-]{43}$/)
      const row = await rows.row(key(token))
      expect(row?.userId).toBe(alice.id)
      expect(Math.abs(row!.expires.getTime() - (Date.now() + MAX_AGE * 1000))).toBeLessThan(5_000)
      if (tokenStorage !== 'plain') expect(await rows.row(token)).toBeNull()
    })

    it('reads the session with one lookup and no write or Set-Cookie before updateAge has passed', async () => {
      const jar = new CookieJar()
      await signIn(jar)
      const token = jar.get(SESSION)!
      const before = await rows.row(key(token))
      const res = await session(jar)
      expect(res.status).toBe(200)
      expect(res.headers.getSetCookie()).toEqual([])
      const body = (await res.json()) as { user: { email: string }; expires: string }
      expect(body.user.email).toBe(alice.email)
      expect(Date.parse(body.expires)).toBe(before!.expires.getTime())
      const [, message] = events.filter(([name]) => name === 'session').at(-1)!
      expect(message['session']).toMatchObject({ user: { email: alice.email }, expires: body.expires })
      // events.signIn gets the raw authorize result (spec §6), not the adapter user the session belongs to.
      const [, signedIn] = events.filter(([name]) => name === 'signIn').at(-1)!
      expect(signedIn['user']).toEqual({ id: alice.id })
      expect((await rows.row(key(token)))!.expires.getTime()).toBe(before!.expires.getTime())
    })

    it('slides the expiry once updateAge has passed, writing the row and re-sending the cookie', async () => {
      const jar = new CookieJar()
      await signIn(jar)
      const token = jar.get(SESSION)!
      // As if the last write happened updateAge + 1 s ago.
      await rows.setExpires(key(token), new Date(Date.now() + (MAX_AGE - UPDATE_AGE - 1) * 1000))
      const res = await session(jar)
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`))
      expect(cookie).toContain(token)
      const slid = (await rows.row(key(token)))!.expires.getTime()
      expect(Math.abs(slid - (Date.now() + MAX_AGE * 1000))).toBeLessThan(5_000)
      expect(Date.parse(((await res.json()) as { expires: string }).expires)).toBe(slid)
    })

    it('an expired session is null, its row deleted and the cookie cleared', async () => {
      const jar = new CookieJar()
      await signIn(jar)
      const token = jar.get(SESSION)!
      await rows.setExpires(key(token), new Date(Date.now() - 1000))
      const res = await session(jar)
      expect(await res.json()).toBeNull()
      expect(jar.get(SESSION)).toBeUndefined()
      expect(await rows.row(key(token))).toBeNull()
    })

    it('sign-out deletes the row and clears the cookie', async () => {
      const jar = new CookieJar()
      await signIn(jar)
      const token = jar.get(SESSION)!
      const csrf = await csrfToken(jar, server.origin)
      const res = await jarFetch(jar, `${server.origin}/auth/signout`, form({ csrfToken: csrf }))
      expect(res.status).toBe(302)
      expect(jar.get(SESSION)).toBeUndefined()
      expect(await rows.row(key(token))).toBeNull()
      // events.signOut gets the deleted row (spec §6): under its stored key, never the cookie's token.
      const [, message] = events.filter(([name]) => name === 'signOut').at(-1)!
      expect(message['session']).toMatchObject({ userId: alice.id, sessionToken: key(token) })
      expect((message['session'] as { expires: unknown }).expires).toBeInstanceOf(Date)
    })

    it('sign-out with everywhere=true ends every session of the user; an expired cookie ends none', async () => {
      const browsers = [new CookieJar(), new CookieJar(), new CookieJar()]
      for (const jar of browsers) await signIn(jar)
      const [here, laptop, stale] = browsers.map((jar) => jar.get(SESSION)!) as [string, string, string]
      // The stale browser's session has expired: it may not end the others.
      await rows.setExpires(key(stale), new Date(Date.now() - 1000))
      const signOut = async (jar: CookieJar) =>
        jarFetch(
          jar,
          `${server.origin}/auth/signout`,
          form({ csrfToken: await csrfToken(jar, server.origin), everywhere: 'true' }),
        )
      expect((await signOut(browsers[2]!)).status).toBe(302)
      expect(await rows.row(key(here))).not.toBeNull()
      expect(await rows.row(key(laptop))).not.toBeNull()
      const warned = logger.warnings.length
      expect((await signOut(browsers[0]!)).status).toBe(302)
      expect(browsers[0]!.get(SESSION)).toBeUndefined()
      expect(await rows.row(key(here))).toBeNull()
      if (endsEverySession) {
        expect(await rows.row(key(laptop))).toBeNull()
        expect(await (await session(browsers[1]!)).json()).toBeNull()
      } else {
        // An adapter without deleteSessions (an Auth.js adapter): this browser only, and a warning says so.
        expect(await rows.row(key(laptop))).not.toBeNull()
        expect(logger.warnings.slice(warned)).toEqual(['sign-out-everywhere-unsupported'])
      }
    })

    it('signing in again in the same browser issues a new token and deletes the old row (ASVS 7.2.4)', async () => {
      const jar = new CookieJar()
      await signIn(jar)
      const old = jar.get(SESSION)!
      await signIn(jar)
      const renewed = jar.get(SESSION)!
      expect(renewed).not.toBe(old)
      expect((await rows.row(key(renewed)))?.userId).toBe(alice.id)
      // A token planted before sign-in (fixation) or copied earlier is dead once its browser signs in again.
      expect(await rows.row(key(old))).toBeNull()
      const stale = new CookieJar()
      stale.values.set(SESSION, old)
      expect(await (await session(stale)).json()).toBeNull()
    })

    it('an unknown token gets null and a cleared cookie', async () => {
      const jar = new CookieJar()
      jar.values.set(SESSION, 'forged-or-deleted-token')
      const res = await session(jar)
      expect(await res.json()).toBeNull()
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=;`))).toBe(true)
    })

    it('a stolen database row is not a session: the stored hash does not work as a cookie', async (ctx) => {
      if (tokenStorage === 'plain')
        ctx.skip('plain storage keeps the token itself: there is no hash to steal')
      const jar = new CookieJar()
      await signIn(jar)
      const thief = new CookieJar()
      thief.values.set(SESSION, hashSessionToken(jar.get(SESSION)!))
      expect(await (await session(thief)).json()).toBeNull()
    })

    it('authorize returning a user the adapter does not know is a clear configuration error', async () => {
      const jar = new CookieJar()
      const res = await signIn(jar, 'stranger')
      expect(res.headers.get('location')).toContain('error=Configuration')
      expect(jar.get(SESSION)).toBeUndefined()
      expect(logger.errors.some((e) => e.message.includes('not a user of the adapter'))).toBe(true)
    })

    it('accepts a plain (Auth.js) session only when told to, and re-stores it hashed', async () => {
      const token = `authjs-${crypto.randomUUID()}`
      await rows.insert({
        sessionToken: token,
        userId: alice.id,
        expires: new Date(Date.now() + MAX_AGE * 1000),
      })
      const jar = new CookieJar()
      jar.values.set(SESSION, token)
      const body = (await (await session(jar)).json()) as { user: { email: string } } | null
      if (tokenStorage === 'hashed') {
        expect(body).toBeNull()
        return
      }
      expect(body?.user.email).toBe(alice.email)
      if (tokenStorage === 'hashed-accept-plain') {
        expect(await rows.row(token)).toBeNull()
        expect((await rows.row(hashSessionToken(token)))?.userId).toBe(alice.id)
        expect(((await (await session(jar)).json()) as { user: { email: string } }).user.email).toBe(
          alice.email,
        )
      }
    })
  })
}
