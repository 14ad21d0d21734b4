/**
 * The contract of the `stores` option, run against every implementation with a two-line test file: counters
 * (`increment`, `reset`: fixed windows, atomic) and single use (`consume`: the first use answers `true`, every other
 * use `false` until the time is up, also when the calls race). A store that serves both roles keeps them apart.
 * Each run uses its own keys (`prefix`), so a shared server (Redis) can hold several runs at once.
 */
import { describe, expect, it } from 'vitest'
import type { RateLimitStore } from '../../src/rate-limit/rate-limit-store.js'
import type { SingleUseStore } from '../../src/stores/single-use-store.js'

export type Store = RateLimitStore & SingleUseStore

const key = (name: string) => `suite:${name}:${crypto.randomUUID()}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Registers the suite for one implementation; `make` is called once per test. */
export function storeSuite(name: string, make: () => Store, options: { skip?: string } = {}): void {
  describe.skipIf(options.skip !== undefined)(
    `${name} store${options.skip ? ` (skipped: ${options.skip})` : ''}`,
    () => {
      describe('limits', () => {
        it('counts hits in a window and starts again when it ends', async () => {
          const store = make()
          const k = key('window')
          expect((await store.increment(k, 300)).count).toBe(1)
          const second = await store.increment(k, 300)
          expect(second.count).toBe(2)
          expect(second.resetAt).toBeGreaterThan(Date.now())
          expect(second.resetAt).toBeLessThanOrEqual(Date.now() + 300)
          await sleep(350)
          expect((await store.increment(k, 300)).count).toBe(1)
        })

        it('gives each of 50 concurrent hits its own count', async () => {
          const store = make()
          const k = key('concurrent')
          const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment(k, 60_000)))
          expect(counts.map((c) => c.count).sort((x, y) => x - y)).toStrictEqual(
            Array.from({ length: 50 }, (_, i) => i + 1),
          )
        })

        it('reset forgets a key, and keys do not meet', async () => {
          const store = make()
          const k = key('reset')
          await store.increment(k, 60_000)
          await store.increment(k, 60_000)
          expect((await store.increment(`${k}:other`, 60_000)).count).toBe(1)
          await store.reset(k)
          expect((await store.increment(k, 60_000)).count).toBe(1)
        })
      })

      describe('single use', () => {
        it('answers true for the first use only, per key', async () => {
          const store = make()
          const k = key('once')
          expect(await store.consume(k, 60_000)).toBe(true)
          expect(await store.consume(k, 60_000)).toBe(false)
          expect(await store.consume(k, 60_000)).toBe(false)
          expect(await store.consume(`${k}:other`, 60_000)).toBe(true)
        })

        it('of 50 concurrent uses of one key, exactly one wins', async () => {
          const store = make()
          const k = key('race')
          const answers = await Promise.all(Array.from({ length: 50 }, () => store.consume(k, 60_000)))
          expect(answers.filter(Boolean)).toHaveLength(1)
        })

        it('remembers a use for its whole time, and not forever', async () => {
          const store = make()
          const k = key('ttl')
          expect(await store.consume(k, 400)).toBe(true)
          await sleep(150)
          expect(await store.consume(k, 400)).toBe(false)
          await sleep(350)
          expect(await store.consume(k, 400)).toBe(true)
        })

        it('takes a lifetime that is not a whole number of milliseconds', async () => {
          const store = make()
          const k = key('fraction')
          expect(await store.consume(k, 1000.5)).toBe(true)
          expect(await store.consume(k, 1000.5)).toBe(false)
        })
      })

      it('keeps the two roles apart: a counter and a used value with one key do not meet', async () => {
        const store = make()
        const k = key('roles')
        await store.increment(k, 60_000)
        expect(await store.consume(k, 60_000)).toBe(true)
        expect((await store.increment(k, 60_000)).count).toBe(2)
        await store.reset(k)
        expect(await store.consume(k, 60_000)).toBe(false)
      })
    },
  )
}
