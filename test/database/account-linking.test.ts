/** Account linking (wire-contract §4.4) through completeSignIn with FlowIdentity objects, on the memory adapter. */
import { describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MemoryAdapter, type MemoryAdapterWithStore } from '../../src/adapters/memory.js'
import { AdapterError, OAuthAccountNotLinked } from '../../src/errors.js'
import { persistAccountTokens } from '../../src/flows/link-account.js'
import { SessionJwe } from '../../src/crypto/session-jwe.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { SESSION } from './session-flow-scenarios.js'
import { ORIGIN, identity, setup } from './sign-in-harness.js'

const sessionUser = (memory: MemoryAdapterWithStore, cookie: string | undefined) =>
  memory.store.sessions.get(hashSessionToken(cookie!))?.userId

describe('account linking through completeSignIn', () => {
  it('a first sign-in creates the user and the account, fires createUser then linkAccount, and goes to newUser', async () => {
    const { memory, events, signIn } = setup()
    const { result, cookie } = await signIn(identity('idp', 's1', 'Ann@Example.com'.toLowerCase()))
    expect(result.redirect).toBe(`${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}`)
    const [user] = [...memory.store.users.values()]
    expect(user?.email).toBe('ann@example.com')
    expect(user?.id).not.toBe('derived-s1')
    expect(memory.store.accounts.get('idp:s1')?.userId).toBe(user?.id)
    expect(sessionUser(memory, cookie)).toBe(user?.id)
    expect(events).toEqual([
      ['createUser', user?.id],
      ['linkAccount', `idp->${user?.id}`],
      ['signIn', `${user?.id}:true`],
    ])
  })

  it('signing in again finds the same user, creates nothing and stores the refreshed tokens', async () => {
    const { memory, events, signIn } = setup()
    await signIn(identity('idp', 's1', 'ann@example.com'))
    events.length = 0
    const { result } = await signIn(identity('idp', 's1', 'ann@example.com', 'at-2'))
    expect(result.redirect).toBe(`${ORIGIN}/`)
    expect(memory.store.users.size).toBe(1)
    expect(memory.store.accounts.get('idp:s1')?.access_token).toBe('at-2')
    expect(events.map(([e]) => e)).toEqual(['signIn'])
  })

  it('another provider with a known e-mail is OAuthAccountNotLinked when not signed in', async () => {
    const { memory, signIn } = setup()
    await signIn(identity('idp', 's1', 'ann@example.com'))
    await expect(signIn(identity('github', 'g1', 'ann@example.com'))).rejects.toBeInstanceOf(
      OAuthAccountNotLinked,
    )
    expect(memory.store.accounts.size).toBe(1)
    expect(memory.store.users.size).toBe(1)
  })

  it('allowDangerousEmailAccountLinking links to the existing user without a createUser event', async () => {
    const { memory, events, signIn } = setup({ dangerous: true })
    await signIn(identity('idp', 's1', 'ann@example.com'))
    const [ann] = [...memory.store.users.values()]
    events.length = 0
    await signIn(identity('github', 'g1', 'ann@example.com'))
    expect(memory.store.accounts.get('github:g1')?.userId).toBe(ann?.id)
    expect(events).toEqual([
      ['linkAccount', `github->${ann?.id}`],
      ['signIn', `${ann?.id}:false`],
    ])
  })

  it('a signed-in user links a new provider to themselves', async () => {
    const { memory, signIn } = setup()
    const first = await signIn(identity('idp', 's1', 'ann@example.com'))
    const [ann] = [...memory.store.users.values()]
    await signIn(identity('github', 'g-other', 'different@example.com'), first.cookie)
    expect(memory.store.accounts.get('github:g-other')?.userId).toBe(ann?.id)
    expect(memory.store.users.size).toBe(1)
  })

  it('an account linked to someone else is OAuthAccountNotLinked for a signed-in user', async () => {
    const { signIn } = setup()
    await signIn(identity('idp', 'ann', 'ann@example.com'))
    const bob = await signIn(identity('idp', 'bob', 'bob@example.com'))
    await expect(signIn(identity('idp', 'ann', 'ann@example.com'), bob.cookie)).rejects.toBeInstanceOf(
      OAuthAccountNotLinked,
    )
  })

  it('with the JWT strategy and an adapter, token.sub is the stable database user id', async () => {
    const { memory, signIn, resolved } = setup({ strategy: 'jwt' })
    const first = await signIn(identity('idp', 's1', 'ann@example.com'))
    const second = await signIn(identity('idp', 's1', 'ann@example.com'))
    const [ann] = [...memory.store.users.values()]
    const sub = async (cookie: string | undefined) =>
      (await resolved.insecure.sessionJwe.decrypt(cookie!))?.payload.sub
    expect(await sub(first.cookie)).toBe(ann?.id)
    expect(await sub(second.cookie)).toBe(ann?.id)
    expect(memory.store.sessions.size).toBe(0)
  })

  it('with the JWT strategy, the signed-in user is the adapter user of the token sub, and only a token of ours counts', async () => {
    const { memory, signIn, resolved } = setup({ strategy: 'jwt' })
    const first = await signIn(identity('idp', 's1', 'ann@example.com'))
    const [ann] = [...memory.store.users.values()]
    await signIn(identity('github', 'g-own', 'other@example.com'), first.cookie)
    expect(memory.store.accounts.get('github:g-own')?.userId).toBe(ann?.id)
    // Ann's id in a token we did not encrypt (another secret), and a token of ours whose sub is no adapter user
    // (e.g. minted by a credentials sign-in): neither links anything to Ann.
    const foreign = await new SessionJwe('another-secret-at-least-32-characters-long', SESSION).encrypt(
      { sub: ann!.id },
      60,
    )
    await signIn(identity('github', 'g-foreign', 'foreign@example.com'), foreign)
    const ours = await resolved.insecure.sessionJwe.encrypt({ sub: 'credentials-user-7' }, 60)
    await signIn(identity('github', 'g-cred', 'cred@example.com'), ours)
    for (const id of ['g-foreign', 'g-cred']) {
      const owner = memory.store.accounts.get(`github:${id}`)?.userId
      expect(owner).toBeDefined()
      expect(owner).not.toBe(ann?.id)
    }
  })

  it('two concurrent first sign-ins with one account make one user and one account', async () => {
    // Every adapter call yields, so the two sign-ins interleave at each step.
    const memory = MemoryAdapter()
    const slow = Object.fromEntries(
      Object.entries(memory)
        .filter(([, v]) => typeof v === 'function')
        .map(([k, v]) => [
          k,
          async (...args: unknown[]) => {
            await new Promise((r) => setTimeout(r, Math.random() * 5))
            return (v as (...a: unknown[]) => unknown)(...args)
          },
        ]),
    ) as Adapter
    for (const email of ['race@example.com', null]) {
      const { signIn } = setup({ adapter: slow })
      const before = memory.store.users.size
      const results = await Promise.all(
        [1, 2, 3].map(() => signIn(identity('idp', `race-${String(email)}`, email))),
      )
      expect(memory.store.users.size - before).toBe(1)
      const owner = memory.store.accounts.get(`idp:race-${String(email)}`)?.userId
      for (const { cookie } of results) expect(sessionUser(memory, cookie)).toBe(owner)
    }
  })

  it('persistAccountTokens writes refreshed tokens through updateAccount, and says false without it', async () => {
    const { memory, signIn } = setup()
    await signIn(identity('idp', 's1', 'ann@example.com'))
    expect(
      await persistAccountTokens(memory, {
        provider: 'idp',
        providerAccountId: 's1',
        access_token: 'fresh',
        expires_at: 99,
      }),
    ).toBe(true)
    expect(memory.store.accounts.get('idp:s1')).toMatchObject({
      access_token: 'fresh',
      refresh_token: 'rt-1',
      expires_at: 99,
    })
    expect(await persistAccountTokens({}, { provider: 'idp', providerAccountId: 's1' })).toBe(false)
  })
})

describe('account linking faults', () => {
  it('without createUserWithAccount, a failing linkAccount leaves no user behind and surfaces as AdapterError', async () => {
    const { createUserWithAccount: _atomic, ...memory } = MemoryAdapter()
    const failing: Adapter = {
      ...memory,
      linkAccount: (): Promise<void> => Promise.reject(new Error('disk full')),
    }
    const { signIn } = setup({ adapter: failing })
    const error = await signIn(identity('idp', 'f1', 'fail@example.com')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AdapterError)
    expect((error as AdapterError).cause?.err).toMatchObject({ message: 'disk full' })
    expect(memory.store.users.size).toBe(0)
    expect(memory.store.sessions.size).toBe(0)
  })

  it('with createUserWithAccount, the first sign-in makes user and account in that one call', async () => {
    const memory = MemoryAdapter()
    const calls: string[] = []
    const watched = Object.fromEntries(
      Object.entries(memory)
        .filter(([, v]) => typeof v === 'function')
        .map(([k, v]) => [
          k,
          (...args: unknown[]) => {
            calls.push(k)
            return (v as (...a: unknown[]) => unknown)(...args)
          },
        ]),
    ) as Adapter
    const { signIn, events } = setup({ adapter: watched })
    const { result } = await signIn(identity('idp', 'atomic', 'atomic@example.com'))
    expect(result.redirect).toContain('/welcome')
    expect(calls).toContain('createUserWithAccount')
    expect(calls).not.toContain('createUser')
    expect(calls).not.toContain('linkAccount')
    const owner = memory.store.accounts.get('idp:atomic')?.userId
    expect(owner).toBeDefined()
    expect(events.map(([name]) => name)).toEqual(['createUser', 'linkAccount', 'signIn'])
  })

  it('a failing createUserWithAccount is an AdapterError and the next sign-in starts afresh', async () => {
    const memory = MemoryAdapter()
    let down = true
    const flaky: Adapter = {
      ...memory,
      createUserWithAccount: (user, account) =>
        down ? Promise.reject(new Error('connection reset')) : memory.createUserWithAccount(user, account),
    }
    const { signIn } = setup({ adapter: flaky })
    const error = await signIn(identity('idp', 'flaky', 'flaky@example.com')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AdapterError)
    expect(memory.store.users.size).toBe(0)
    down = false
    const { result } = await signIn(identity('idp', 'flaky', 'flaky@example.com'))
    expect(result.redirect).toContain('/welcome')
    expect(memory.store.accounts.get('idp:flaky')?.userId).toBe([...memory.store.users.keys()][0])
  })
})
