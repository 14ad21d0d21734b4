/** WebAuthn sign-ins end in the one completion path: callbacks, events, pages.newUser, nothing written on refusal. */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { CookieJar, ORIGIN, softwareAuthenticator, webauthnHarness } from './webauthn-harness.js'

describe('WebAuthn through completeSignIn', () => {
  it('runs signIn, jwt (signUp, then signIn) and the events, and sends a new user to pages.newUser', async () => {
    const calls: Array<[string, unknown]> = []
    const adapter = MemoryAdapter()
    const h = webauthnHarness({
      adapter,
      config: {
        pages: { newUser: '/welcome' },
        callbacks: {
          signIn: ({ user, account }) => (calls.push(['signIn', [user.email, account?.type]]), true),
          jwt: ({ token, trigger, account }) => (
            trigger && calls.push(['jwt', [trigger, account?.provider, account?.type]]),
            token
          ),
        },
        events: {
          createUser: ({ user }) => void calls.push(['createUser', user.email]),
          linkAccount: ({ account }) => void calls.push(['linkAccount', account.type]),
          signIn: ({ isNewUser }) => void calls.push(['event.signIn', isNewUser]),
        },
      },
    })
    const authenticator = softwareAuthenticator()
    const jar = new CookieJar()
    const res = await h.ceremony(jar, authenticator, { action: 'register', email: 'events@example.com' })
    expect(res.headers.get('location')).toBe(
      `${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}`,
    )
    expect(calls).toEqual([
      ['signIn', ['events@example.com', 'webauthn']],
      ['createUser', 'events@example.com'],
      ['linkAccount', 'webauthn'],
      ['jwt', ['signUp', 'passkey', 'webauthn']],
      ['event.signIn', true],
    ])
    calls.length = 0
    const again = await h.ceremony(new CookieJar(), authenticator, { action: 'authenticate' })
    expect(again.headers.get('location')).toBe(`${ORIGIN}/`)
    expect(calls).toEqual([
      ['signIn', ['events@example.com', 'webauthn']],
      ['jwt', ['signIn', 'passkey', 'webauthn']],
      ['event.signIn', false],
    ])
  })

  it('writes nothing when the signIn callback refuses a registration', async () => {
    const adapter = MemoryAdapter()
    const h = webauthnHarness({ adapter, config: { callbacks: { signIn: () => false } } })
    const res = await h.ceremony(new CookieJar(), softwareAuthenticator(), {
      action: 'register',
      email: 'refused@example.com',
    })
    expect(res.headers.get('location')).toContain('error=AccessDenied')
    expect(adapter.store.users.size).toBe(0)
    expect(adapter.store.accounts.size).toBe(0)
    expect(adapter.store.authenticators.size).toBe(0)
  })

  it('follows a URL the signIn callback returns, signed out', async () => {
    const h = webauthnHarness({
      adapter: MemoryAdapter(),
      config: { callbacks: { signIn: () => `${ORIGIN}/blocked` } },
    })
    const jar = new CookieJar()
    const res = await h.ceremony(jar, softwareAuthenticator(), {
      action: 'register',
      email: 'url@example.com',
    })
    expect(res.headers.get('location')).toBe(`${ORIGIN}/blocked`)
    expect(await h.session(jar)).toBeNull()
  })

  it('leaves no user behind when storing the authenticator fails', async () => {
    const adapter = MemoryAdapter()
    const failing = {
      ...adapter,
      createAuthenticator: () => {
        throw new Error('disk full')
      },
    }
    const h = webauthnHarness({ adapter: failing })
    const res = await h.ceremony(new CookieJar(), softwareAuthenticator(), {
      action: 'register',
      email: 'half@example.com',
    })
    expect(res.headers.get('location')).toContain('error=')
    expect(await adapter.getUserByEmail('half@example.com')).toBeNull()
    expect(adapter.store.accounts.size).toBe(0)
  })
})
