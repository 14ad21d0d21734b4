/**
 * Auth.js's adapter suite reads `getSessionAndUser`'s session as the stored row, its `id` included (issue #22). The
 * SQL adapters are held to it by the conformance suite's raw reads; the memory adapter keeps an id of its own.
 */
import { describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'

describe('the memory adapter keeps an id per session row', () => {
  it('returns it from every read, distinct per session, never the token, and ignores one handed in', async () => {
    const adapter = MemoryAdapter()
    const user = await adapter.createUser({
      id: 'u1',
      name: null,
      email: 'u1@example.com',
      emailVerified: null,
    })
    const expires = new Date(Date.now() + 3_600_000)
    // An Auth.js-style caller may hand back a row it read, id included.
    const row = { id: 'planted', sessionToken: 't1', userId: user.id, expires }
    const created = await adapter.createSession(row)
    await adapter.createSession({ sessionToken: 't2', userId: user.id, expires })
    expect(created).toStrictEqual({ sessionToken: 't1', userId: user.id, expires })
    const id = (await adapter.getSessionAndUser('t1'))?.session.id
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(id).not.toBe('planted')
    expect((await adapter.getSessionAndUser('t2'))?.session.id).not.toBe(id)
    expect(adapter.store.sessions.get('t1')?.id).toBe(id)
    expect((await adapter.updateSession({ sessionToken: 't1', expires, id: 'other' }))?.id).toBe(id)
    expect((await adapter.listSessions('u1')).find((s) => s.sessionToken === 't1')?.id).toBe(id)
    expect((await adapter.deleteSession('t1'))?.id).toBe(id)
  })
})
