/**
 * `tokenStorage: 'hashed-accept-plain'` with adapters that behave like common Auth.js adapters (Prisma-style):
 * session rows carry their own `id`, `createSession` inserts every field it is given, and `deleteSession` throws
 * for a token it does not have. Migration and sign-out must work with them, not only with our own adapters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter, AdapterSession, AdapterUser } from '../../src/adapters/adapter.js'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import Credentials from '../../src/providers/credentials.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { quietLogger, SESSION } from './session-flow-scenarios.js'

describe('hashed-accept-plain with a Prisma-style adapter', () => {
  const memory = MemoryAdapter()
  const rowIds = new Map<string, string>()
  const barrier: { token: string | undefined; size: number; waiting: Array<() => void> } = {
    token: undefined,
    size: 0,
    waiting: [],
  }
  // Rows have a primary key `id`; inserting one with an `id` already taken fails, as a database would.
  const adapter: Adapter = {
    ...memory,
    createSession(session) {
      const id = (session as { id?: string }).id ?? crypto.randomUUID()
      if ([...rowIds.values()].includes(id)) throw new Error('unique constraint: sessions.id')
      rowIds.set(session.sessionToken, id)
      return memory.createSession(session)
    },
    // Asynchronous like a real database, so that concurrent requests interleave; reads of a token in `barrier`
    // are held until `barrier.size` of them are waiting, so every racer sees the row before anyone moves it.
    async getSessionAndUser(token) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (token === barrier.token) {
        await new Promise<void>((resolve) => {
          barrier.waiting.push(resolve)
          if (barrier.waiting.length === barrier.size) for (const release of barrier.waiting) release()
        })
      }
      const session = memory.store.sessions.get(token)
      const user = session && memory.store.users.get(session.userId)
      if (!session || !user) return null
      return { session: { ...session, id: rowIds.get(token) } as AdapterSession, user: { ...user } }
    },
    deleteSession(token) {
      if (!memory.store.sessions.has(token)) throw new Error('Record to delete does not exist.')
      rowIds.delete(token)
      return memory.deleteSession(token)
    },
  }
  const logger = quietLogger()
  let server: ServedAuth
  let alice: AdapterUser

  beforeAll(async () => {
    alice = { id: 'alice', name: 'Alice', email: 'alice@example.com', emailVerified: null }
    memory.store.users.set(alice.id, alice)
    server = await serveAuth({
      secret: 'a-test-secret-that-is-at-least-32-characters-long',
      trustHost: true,
      adapter,
      logger,
      session: { tokenStorage: 'hashed-accept-plain' },
      providers: [Credentials({ credentials: {}, authorize: () => ({ id: alice.id }) })],
    })
  })
  afterAll(() => server?.close())

  function plainSession(): string {
    const token = `authjs-${crypto.randomUUID()}`
    adapter.createSession!({
      sessionToken: token,
      userId: alice.id,
      expires: new Date(Date.now() + 3_600_000),
    })
    return token
  }
  const session = (jar: CookieJar) => jarFetch(jar, `${server.origin}/auth/session`)

  it('a plain (Auth.js) session is read and re-stored under its hash, though its row has an id', async () => {
    const token = plainSession()
    const jar = new CookieJar()
    jar.values.set(SESSION, token)
    const res = await session(jar)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(alice.email)
    expect(memory.store.sessions.has(token)).toBe(false)
    expect(memory.store.sessions.get(hashSessionToken(token))?.userId).toBe(alice.id)
  })

  it('two concurrent first reads of one plain session both get it (the loser of the migration race too)', async () => {
    const token = plainSession()
    const jar = new CookieJar()
    jar.values.set(SESSION, token)
    const results = await Promise.all([session(jar), session(jar), session(jar)])
    for (const res of results) {
      expect(res.status).toBe(200)
      expect(((await res.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(alice.email)
    }
    expect(memory.store.sessions.has(token)).toBe(false)
  })

  it('racers that all read the plain row before it moves all get the session (none fails on its delete)', async () => {
    const token = plainSession()
    Object.assign(barrier, { token, size: 3, waiting: [] })
    const jar = new CookieJar()
    jar.values.set(SESSION, token)
    try {
      const results = await Promise.all([session(jar), session(jar), session(jar)])
      for (const res of results) {
        expect(res.status).toBe(200)
        expect(((await res.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(alice.email)
      }
    } finally {
      barrier.token = undefined
    }
    expect(memory.store.sessions.has(token)).toBe(false)
  })

  it('sign-out deletes a plain session even when deleting the (absent) hashed key throws', async () => {
    const token = `authjs-${crypto.randomUUID()}`
    // Stored plain and not read since, so it is still under its plain token.
    memory.createSession({ sessionToken: token, userId: alice.id, expires: new Date(Date.now() + 3_600_000) })
    const jar = new CookieJar()
    jar.values.set(SESSION, token)
    const csrf = await csrfToken(jar, server.origin)
    const res = await jarFetch(jar, `${server.origin}/auth/signout`, form({ csrfToken: csrf }))
    expect(res.status).toBe(302)
    expect(jar.get(SESSION)).toBeUndefined()
    expect(memory.store.sessions.has(token)).toBe(false)
  })
})
