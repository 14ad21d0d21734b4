/** OAuth/OIDC sign-in with an adapter and database sessions, end to end against the real OpenID provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { jarFetch } from '../support/cookie-jar.js'
import { signIn } from '../oauth/support/browser-flow.js'
import { startRig, type Rig } from '../oauth/support/rp-setup.js'

const adapter = MemoryAdapter()
const created: string[] = []
let rig: Rig
beforeAll(async () => {
  rig = await startRig({
    adapter,
    pages: { newUser: '/welcome' },
    events: { createUser: ({ user }) => void created.push(user.id!) },
  })
})
afterAll(async () => {
  await rig?.close()
})

describe('OIDC sign-in with a database adapter', () => {
  it('creates the user and account, starts a database session, and sends a first sign-in to newUser', async () => {
    const { callback, jar } = await signIn(rig.app.origin, 'op')
    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toMatch(new RegExp(`^${rig.app.origin}/welcome\\?callbackUrl=`))
    const token = jar.get('authjs.session-token')!
    expect(token).toMatch(/^[\w-]{43}$/)
    const [user] = [...adapter.store.users.values()]
    expect(user?.email).toBe('alice@example.com')
    expect(created).toEqual([user?.id])
    const [account] = [...adapter.store.accounts.values()]
    expect(account).toMatchObject({ provider: 'op', type: 'oidc', userId: user?.id })
    expect(account?.access_token).toBeTruthy()
    expect(adapter.store.sessions.get(hashSessionToken(token))?.userId).toBe(user?.id)
    const session = (await (await jarFetch(jar, `${rig.app.origin}/auth/session`)).json()) as {
      user: { email: string }
    }
    expect(session.user.email).toBe('alice@example.com')
  })

  it('signs the same user in again without creating anyone, and stores the fresh access token', async () => {
    const before = [...adapter.store.accounts.values()][0]?.access_token
    const { callback } = await signIn(rig.app.origin, 'op')
    expect(callback.headers.get('location')).toBe(`${rig.app.origin}/auth/session`)
    expect(adapter.store.users.size).toBe(1)
    expect(created).toHaveLength(1)
    expect([...adapter.store.accounts.values()][0]?.access_token).not.toBe(before)
  })

  it('another provider with the same e-mail, not signed in, is OAuthAccountNotLinked', async () => {
    const { callback, jar } = await signIn(rig.app.origin, 'op-b')
    expect(callback.headers.get('location')).toContain('error=OAuthAccountNotLinked')
    expect(jar.get('authjs.session-token')).toBeUndefined()
    expect(adapter.store.accounts.size).toBe(1)
  })
})
