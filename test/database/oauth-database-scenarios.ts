/** OIDC sign-in with database sessions against the real OpenID provider, run against any adapter with raw reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { followProvider, startSignIn } from '../oauth/support/browser-flow.js'
import { startRig, type Rig } from '../oauth/support/rp-setup.js'

const SESSION = 'authjs.session-token'
// The rig's OP logs in `alice` (e-mail `Alice@Example.COM`, which Gatehouse stores lower-cased) for every provider.
const EMAIL = 'alice@example.com'

export interface IdentityRow {
  id: string
  email: string | null
}

export interface AccountRow {
  userId: string
  provider: string
  type: string
  access_token: string | null
}

/** Raw reads of what the adapter stored, with the test's own queries; accounts sorted by provider. */
export interface IdentityRows {
  users: () => IdentityRow[] | Promise<IdentityRow[]>
  accounts: () => AccountRow[] | Promise<AccountRow[]>
  /** The user of the session row stored under `key`, or null when there is none. */
  sessionUserId: (key: string) => string | null | Promise<string | null>
}

/** What an OAuth flow file provides: a fresh adapter and raw reads, set up once. */
export interface OAuthFlowBackend {
  name: string
  /** Whether the adapter has Gatehouse's `updateAccount`, so a new sign-in stores fresh tokens (default true). */
  refreshesAccountTokens?: boolean
  setup: () => Promise<{ adapter: Adapter; identities: IdentityRows; teardown: () => void | Promise<void> }>
}

/**
 * A whole sign-in in the browser `jar` (which may already hold a session): sign-in POST, the OP (with a fresh
 * cookie jar of its own, so it logs `alice` in again), then our callback. Returns the callback's answer.
 */
export async function signInWith(jar: CookieJar, origin: string, providerId: string): Promise<Response> {
  const start = await startSignIn(jar, origin, providerId)
  const location = start.headers.get('location')
  if (start.status !== 302 || !location) throw new Error(`sign-in answered ${start.status}`)
  const back = await followProvider(new CookieJar(), location, origin)
  if (!(back instanceof URL)) throw new Error(`the provider answered ${back.status}`)
  return jarFetch(jar, back.href)
}

/** Runs OIDC sign-in, re-sign-in, account linking and sign-out against `backend`, each step over real HTTP. */
export function oauthDatabaseScenarios(backend: OAuthFlowBackend): void {
  describe(`OIDC sign-in with database sessions: ${backend.name}`, () => {
    let rig: Rig
    let db: IdentityRows
    let teardown: () => void | Promise<void> = () => {}
    const created: string[] = []
    const linked: Array<{ userId: string; provider: string }> = []
    // One browser through every step: signed in by the first sign-in, signed out by the last.
    const jar = new CookieJar()
    let userId: string
    let firstAccessToken: string | null

    beforeAll(async () => {
      const setup = await backend.setup()
      db = setup.identities
      teardown = setup.teardown
      rig = await startRig({
        adapter: setup.adapter,
        pages: { newUser: '/welcome' },
        events: {
          createUser: ({ user }) => void created.push(user.id!),
          linkAccount: ({ user, account }) =>
            void linked.push({ userId: user.id!, provider: account.provider }),
        },
      })
    })
    afterAll(async () => {
      await rig?.close()
      await teardown()
    })

    const session = async (browser: CookieJar) =>
      (await (await jarFetch(browser, `${rig.app.origin}/auth/session`)).json()) as {
        user: { email: string }
      } | null

    it('a first sign-in creates one user and one account, starts a database session, and goes to newUser', async () => {
      const callback = await signInWith(jar, rig.app.origin, 'op')
      expect(callback.status).toBe(302)
      expect(callback.headers.get('location')).toMatch(
        new RegExp(`^${rig.app.origin}/welcome\\?callbackUrl=`),
      )
      const users = await db.users()
      expect(users).toEqual([{ id: expect.any(String), email: EMAIL }])
      userId = users[0]!.id
      expect(created).toEqual([userId])
      const accounts = await db.accounts()
      expect(accounts).toEqual([{ userId, provider: 'op', type: 'oidc', access_token: expect.any(String) }])
      firstAccessToken = accounts[0]!.access_token
      expect(firstAccessToken).not.toBe('')
      const token = jar.get(SESSION)!
      expect(token).toMatch(/^[\w-]{43}$/)
      // Stored under the SHA-256 of the cookie's token, never the token itself.
      expect(await db.sessionUserId(hashSessionToken(token))).toBe(userId)
      expect(await db.sessionUserId(token)).toBeNull()
      expect((await session(jar))?.user.email).toBe(EMAIL)
    })

    it('signing in again creates nobody, renews the session, and stores the fresh access token', async () => {
      const old = jar.get(SESSION)!
      const callback = await signInWith(jar, rig.app.origin, 'op')
      expect(callback.headers.get('location')).toBe(`${rig.app.origin}/auth/session`)
      expect(await db.users()).toHaveLength(1)
      expect(created).toHaveLength(1)
      const accounts = await db.accounts()
      expect(accounts).toEqual([{ userId, provider: 'op', type: 'oidc', access_token: expect.any(String) }])
      if (backend.refreshesAccountTokens === false) {
        // The adapter has no `updateAccount` (a Gatehouse extension), so it keeps the first sign-in's token, as
        // Auth.js itself does.
        expect(accounts[0]!.access_token).toBe(firstAccessToken)
      } else {
        expect(accounts[0]!.access_token).not.toBe(firstAccessToken)
      }
      const renewed = jar.get(SESSION)!
      expect(renewed).not.toBe(old)
      expect(await db.sessionUserId(hashSessionToken(renewed))).toBe(userId)
      expect(await db.sessionUserId(hashSessionToken(old))).toBeNull()
    })

    it('another provider with the same e-mail, not signed in, is OAuthAccountNotLinked', async () => {
      const stranger = new CookieJar()
      const callback = await signInWith(stranger, rig.app.origin, 'op-b')
      expect(callback.status).toBe(302)
      expect(callback.headers.get('location')).toContain('error=OAuthAccountNotLinked')
      expect(rig.lastReason()).toBe('email_belongs_to_other_user')
      expect(stranger.get(SESSION)).toBeUndefined()
      expect(await db.accounts()).toHaveLength(1)
      expect(await db.users()).toHaveLength(1)
      expect(linked.map((l) => l.provider)).toEqual(['op'])
    })

    it('another provider while signed in is linked to the signed-in user', async () => {
      const callback = await signInWith(jar, rig.app.origin, 'op-b')
      expect(callback.status).toBe(302)
      expect(callback.headers.get('location')).toBe(`${rig.app.origin}/auth/session`)
      expect(await db.users()).toEqual([{ id: userId, email: EMAIL }])
      expect(created).toHaveLength(1)
      expect(await db.accounts()).toEqual([
        { userId, provider: 'op', type: 'oidc', access_token: expect.any(String) },
        { userId, provider: 'op-b', type: 'oidc', access_token: expect.any(String) },
      ])
      expect(linked).toEqual([
        { userId, provider: 'op' },
        { userId, provider: 'op-b' },
      ])
      expect(await db.sessionUserId(hashSessionToken(jar.get(SESSION)!))).toBe(userId)
      expect((await session(jar))?.user.email).toBe(EMAIL)
    })

    it('sign-out deletes the session row and clears the cookie, keeping the user and accounts', async () => {
      const token = jar.get(SESSION)!
      const csrf = await csrfToken(jar, rig.app.origin)
      const res = await jarFetch(jar, `${rig.app.origin}/auth/signout`, form({ csrfToken: csrf }))
      expect(res.status).toBe(302)
      expect(jar.get(SESSION)).toBeUndefined()
      expect(await db.sessionUserId(hashSessionToken(token))).toBeNull()
      expect(await session(jar)).toBeNull()
      const stolen = new CookieJar()
      stolen.values.set(SESSION, token)
      expect(await session(stolen)).toBeNull()
      expect(await db.users()).toHaveLength(1)
      expect(await db.accounts()).toHaveLength(2)
    })
  })
}
