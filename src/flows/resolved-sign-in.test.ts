import { describe, expect, it } from 'vitest'
import { readSealedSignIn, sealableSignIn, type ResolvedSignIn } from './resolved-sign-in.js'

const verified = new Date('2024-05-01T10:00:00.000Z')

const signIn: ResolvedSignIn = {
  providerId: 'idp',
  sessionUser: { id: 'u1', email: 'a@example.test', emailVerified: verified } as ResolvedSignIn['user'],
  user: { id: 'u1', email: 'a@example.test', emailVerified: verified } as ResolvedSignIn['user'],
  account: { provider: 'idp', providerAccountId: 'sub-1', type: 'oidc', access_token: 'at', expires_at: 1 },
  profile: { sub: 'sub-1', updated_at: '2024-05-01T10:00:00.000Z', history: [{ at: verified }] },
  isNewUser: false,
  multiFactor: false,
}

/** Through JSON, as the pending cookie carries it. */
function roundTrip(value: ResolvedSignIn): ResolvedSignIn | undefined {
  const { signIn: state, dates } = JSON.parse(JSON.stringify(sealableSignIn(value))) as {
    signIn: unknown
    dates: unknown
  }
  return readSealedSignIn(state, dates)
}

describe('the resolved sign-in state', () => {
  it('survives a JSON round trip, dates included, and only dates become dates', () => {
    const back = roundTrip(signIn)!
    expect(back).toEqual(signIn)
    expect((back.user as { emailVerified: unknown }).emailVerified).toBeInstanceOf(Date)
    expect((back.sessionUser as { emailVerified: unknown }).emailVerified).toBeInstanceOf(Date)
    expect((back.profile!['history'] as Array<{ at: unknown }>)[0]!.at).toBeInstanceOf(Date)
    // Text that merely looks like a date stays text.
    expect(back.profile!.updated_at).toBe('2024-05-01T10:00:00.000Z')
  })

  it('lists the places that held dates', () => {
    expect(sealableSignIn(signIn).dates).toEqual([
      ['sessionUser', 'emailVerified'],
      ['user', 'emailVerified'],
      ['profile', 'history', 0, 'at'],
    ])
  })

  it('refuses what is not a state, and never follows a path into a prototype', () => {
    const state = JSON.parse(JSON.stringify(signIn)) as Record<string, unknown>
    expect(readSealedSignIn(null, [])).toBeUndefined()
    expect(readSealedSignIn(state, 'dates')).toBeUndefined()
    for (const broken of [
      { providerId: 1 },
      { isNewUser: 'no' },
      { multiFactor: undefined },
      { user: 'u1' },
      { sessionUser: { id: 7 } },
      { account: { provider: 'idp', type: 'oidc' } },
      { profile: 'p' },
    ]) {
      expect(readSealedSignIn({ ...state, ...broken }, []), JSON.stringify(broken)).toBeUndefined()
    }
    const poisoned = readSealedSignIn(JSON.parse(JSON.stringify(state)), [
      ['__proto__', 'polluted'],
      ['user', 'constructor', 'prototype', 'polluted'],
      ['user', 'email', 'length'],
      [{}, 'x'],
    ])
    expect(poisoned).toBeDefined()
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('refuses a state nested deeper than a user, an account or a profile is', () => {
    let deep: Record<string, unknown> = {}
    const profile = deep
    for (let i = 0; i < 20; i++) deep = deep['next'] = {}
    expect(() => sealableSignIn({ ...signIn, profile })).toThrow(/nested too deeply/)
  })
})
