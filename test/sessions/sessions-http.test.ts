/**
 * Session management over HTTP for the signed-in user, on both strategies: GET {basePath}/sessions, POST
 * {basePath}/sessions/revoke and the page GET {basePath}/account/sessions; with the negative cases of issue #25.
 */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import Credentials from '../../src/providers/credentials.js'
import {
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
} from '../../src/sessions/index.js'
import type { AuthConfig } from '../../src/types.js'
import { SECRET, SESSION, recordingLogger } from '../http/http-helpers.js'
import { CookieJar } from '../support/cookie-jar.js'
import { inProcessClient } from '../support/in-process-client.js'

const ORIGIN = 'http://app.test'
const client = inProcessClient(ORIGIN)
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const USERS = { alice: { id: 'user-alice', name: 'Alice' }, bob: { id: 'user-bob', name: 'Bob' } }

function config(strategy: 'jwt' | 'database'): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger(),
    adapter: MemoryAdapter(),
    session: { strategy, revocationCheckInterval: 0 },
    providers: [
      Credentials({
        credentials: { username: {} },
        authorize: (c) => USERS[c.username as keyof typeof USERS] ?? null,
      }),
    ],
  }
}

type Summary = { id: string; current: boolean; label: string | null; userAgent: string | null }

function useApp(strategy: 'jwt' | 'database') {
  const app = config(strategy)
  if (strategy === 'database') {
    // Database sessions need the users in the adapter.
    const adapter = app.adapter as ReturnType<typeof MemoryAdapter>
    for (const u of Object.values(USERS))
      void adapter.createUser({ ...u, email: `${u.id}@example.test`, emailVerified: null })
  }
  return {
    app,
    async signIn(username: keyof typeof USERS, userAgent: string): Promise<CookieJar> {
      const jar = new CookieJar()
      const csrfToken = await client.csrf(app, jar)
      await client.call(app, jar, '/auth/callback/credentials', {
        method: 'POST',
        headers: { 'user-agent': userAgent },
        body: new URLSearchParams({ csrfToken, username }),
      })
      expect(jar.values.get(SESSION)).toBeDefined()
      return jar
    },
    async list(jar: CookieJar): Promise<{ status: number; sessions: Summary[] }> {
      const res = await client.call(app, jar, '/auth/sessions')
      const body = (await res.json()) as { sessions?: Summary[] }
      return { status: res.status, sessions: body.sessions ?? [] }
    },
    async revoke(jar: CookieJar, sessionId: string, csrf = true): Promise<Response> {
      const csrfToken = csrf ? await client.csrf(app, jar) : 'not-the-token'
      return client.call(app, jar, '/auth/sessions/revoke', {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new URLSearchParams({ csrfToken, sessionId }),
      })
    },
    async session(jar: CookieJar): Promise<unknown> {
      return (await client.call(app, jar, '/auth/session')).json()
    },
  }
}

describe.each(['database', 'jwt'] as const)('session management over HTTP: %s sessions', (strategy) => {
  it('lists the user’s sessions with their labels, the current one marked; none of another user’s', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    await a.signIn('alice', SAFARI_IOS)
    const bob = await a.signIn('bob', FIREFOX)
    const { status, sessions } = await a.list(laptop)
    expect(status).toBe(200)
    expect(sessions.map((s) => s.label).sort()).toEqual(['Firefox on Linux', 'Safari on iOS'])
    expect(sessions.filter((s) => s.current).map((s) => s.label)).toEqual(['Firefox on Linux'])
    const bobs = (await a.list(bob)).sessions
    expect(bobs).toHaveLength(1)
    for (const s of bobs) expect(sessions.map((x) => x.id)).not.toContain(s.id)
    expect(JSON.stringify(sessions)).not.toContain(laptop.values.get(SESSION)!)
  })

  it('without a session: 401 on the list and on revoke', async () => {
    const a = useApp(strategy)
    expect((await a.list(new CookieJar())).status).toBe(401)
    expect((await a.revoke(new CookieJar(), 'others')).status).toBe(401)
  })

  it('ends one other session: it is signed out at its next request; this one stays', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    const phone = await a.signIn('alice', SAFARI_IOS)
    const target = (await a.list(laptop)).sessions.find((s) => !s.current)!
    expect((await a.revoke(laptop, target.id)).status).toBe(200)
    expect(await a.session(phone)).toBeNull()
    expect(await a.session(laptop)).not.toBeNull()
    expect((await a.list(laptop)).sessions).toHaveLength(1)
  })

  it('refuses to end another user’s session (404), which goes on', async () => {
    const a = useApp(strategy)
    const alice = await a.signIn('alice', FIREFOX)
    const bob = await a.signIn('bob', SAFARI_IOS)
    const bobsId = (await a.list(bob)).sessions[0]!.id
    expect((await a.revoke(alice, bobsId)).status).toBe(404)
    expect(await a.session(bob)).not.toBeNull()
  })

  it('refuses a revoke without the CSRF token; the session goes on', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    const phone = await a.signIn('alice', SAFARI_IOS)
    const target = (await a.list(laptop)).sessions.find((s) => !s.current)!
    const res = await a.revoke(laptop, target.id, false)
    expect(res.status).not.toBe(200)
    expect(await a.session(phone)).not.toBeNull()
  })

  it('others: every other session ends, this one stays; all: this one ends too', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    const phone = await a.signIn('alice', SAFARI_IOS)
    expect((await a.revoke(laptop, 'others')).status).toBe(200)
    expect(await a.session(phone)).toBeNull()
    expect(await a.session(laptop)).not.toBeNull()
    expect((await a.revoke(laptop, 'all')).status).toBe(200)
    expect(await a.session(laptop)).toBeNull()
  })

  it('the page lists the sessions with a Sign out button each; its form ends one', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    const phone = await a.signIn('alice', SAFARI_IOS)
    const res = await client.call(a.app, laptop, '/auth/account/sessions')
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('Firefox on Linux')
    expect(page).toContain('Safari on iOS')
    expect(page.match(/>Sign out</g)).toHaveLength(2)
    const target = (await a.list(laptop)).sessions.find((s) => !s.current)!
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(page)![1]!
    const post = await client.call(a.app, laptop, '/auth/sessions/revoke', {
      method: 'POST',
      body: new URLSearchParams({ csrfToken, sessionId: target.id }),
    })
    expect(post.status).toBe(302)
    expect(post.headers.get('location')).toBe(`${ORIGIN}/auth/account/sessions`)
    expect(await a.session(phone)).toBeNull()
    // Without a session: to the sign-in page, and back after it.
    const out = await client.call(a.app, new CookieJar(), '/auth/account/sessions')
    expect(out.status).toBe(302)
    expect(out.headers.get('location')).toMatch(/\/auth\/signin\?callbackUrl=/)
  })

  it('gatehouse-auth/sessions: listSessions, revokeSession (own only), revokeOtherSessions, revokeAllSessions', async () => {
    const a = useApp(strategy)
    const laptop = await a.signIn('alice', FIREFOX)
    const phone = await a.signIn('alice', SAFARI_IOS)
    const bob = await a.signIn('bob', FIREFOX)
    const listed = await listSessions(a.app, USERS.alice.id)
    expect(listed).toHaveLength(2)
    const bobsId = (await listSessions(a.app, USERS.bob.id))[0]!.id
    expect(await revokeSession(a.app, USERS.alice.id, bobsId)).toBe(false)
    expect(await a.session(bob)).not.toBeNull()
    const request = new Request(`${ORIGIN}/account`, { headers: { cookie: laptop.header() } })
    const { revoked, setCookie } = await revokeOtherSessions(a.app, request)
    expect(revoked).toBe(true)
    for (const line of setCookie) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      laptop.values.set(name!, value.join('='))
    }
    expect(await a.session(phone)).toBeNull()
    expect(await a.session(laptop)).not.toBeNull()
    await revokeAllSessions(a.app, USERS.alice.id)
    expect(await a.session(laptop)).toBeNull()
    expect(await listSessions(a.app, USERS.alice.id)).toEqual([])
    expect(await a.session(bob)).not.toBeNull()
  })
})

describe('the client address', () => {
  it.each(['database', 'jwt'] as const)(
    '%s sessions: the address the integration passes is recorded and listed',
    async (strategy) => {
      const { createAuth } = await import('../../src/create-auth.js')
      const app = config(strategy)
      if (strategy === 'database') {
        const adapter = app.adapter as ReturnType<typeof MemoryAdapter>
        await adapter.createUser({ ...USERS.alice, email: 'alice@example.test', emailVerified: null })
      }
      const { handleRaw } = createAuth(app)
      const jar = new CookieJar()
      const csrfToken = await client.csrf(app, jar)
      const result = await handleRaw(
        new Request(`${ORIGIN}/auth/callback/credentials`, {
          method: 'POST',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrfToken, username: 'alice' }),
        }),
        { clientAddress: '203.0.113.9' },
      )
      expect(result.cookies?.some((c) => c.name === SESSION && c.value !== '')).toBe(true)
      const [listed] = await listSessions(app, USERS.alice.id)
      expect(listed?.clientAddress).toBe('203.0.113.9')
    },
  )
})
