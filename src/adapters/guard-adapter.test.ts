import { describe, expect, it } from 'vitest'
import { AdapterError } from '../errors.js'
import type { AdapterUser } from './adapter.js'
import { guardAdapter } from './guard-adapter.js'

const user: AdapterUser = { id: 'u1', email: 'u1@example.com', emailVerified: null }
const never = () => new Promise<never>(() => {})
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

describe('guardAdapter', () => {
  it('turns a thrown or rejected failure into AdapterError naming the method, with the cause', async () => {
    const guarded = guardAdapter({
      getUser: () => {
        throw new Error('boom')
      },
      getUserByEmail: () => Promise.reject(new Error('down')),
    })
    const thrown = await settle(Promise.resolve(guarded.getUser!('x')))
    expect(thrown).toMatchObject({ error: expect.any(AdapterError) })
    expect((thrown as { error: AdapterError }).error.message).toContain('`getUser` failed: boom')
    const rejected = (await settle(Promise.resolve(guarded.getUserByEmail!('x')))) as { error: AdapterError }
    expect(rejected.error.cause).toMatchObject({ err: { message: 'down' } })
  })

  it('fails a call left unanswered past the timeout, naming the method', async () => {
    const guarded = guardAdapter({ getSessionAndUser: never }, 40)
    const started = Date.now()
    const outcome = (await settle(Promise.resolve(guarded.getSessionAndUser!('t')))) as {
      error: AdapterError
    }
    const waited = Date.now() - started
    expect(outcome.error).toBeInstanceOf(AdapterError)
    expect(outcome.error.message).toContain('`getSessionAndUser` did not answer within 40 ms')
    expect(outcome.error.reason).toBe('adapter_getSessionAndUser_timed_out')
    // The sweep runs every quarter of the timeout: between 1 and 1.25 times it, plus timer slack.
    expect(waited).toBeGreaterThanOrEqual(38)
    expect(waited).toBeLessThan(1000)
  })

  it('leaves calls that answer in time alone, however many, and sync methods untouched', async () => {
    const guarded = guardAdapter(
      {
        getUser: async (id: string) => {
          await new Promise((resolve) => setTimeout(resolve, 5))
          return { ...user, id }
        },
        getUserByEmail: () => user,
      },
      200,
    )
    const users = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => await guarded.getUser!(`u${i}`)),
    )
    expect(users.map((u) => u?.id)).toEqual(Array.from({ length: 50 }, (_, i) => `u${i}`))
    expect(await guarded.getUserByEmail!('x')).toEqual(user)
  })

  it('with timeout 0 waits for as long as the adapter takes', async () => {
    const guarded = guardAdapter({ getSessionAndUser: never }, 0)
    const outcome = await Promise.race([
      settle(Promise.resolve(guarded.getSessionAndUser!('t'))),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 80)),
    ])
    expect(outcome).toBe('still waiting')
  })
})
