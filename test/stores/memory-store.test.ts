import { describe, expect, it } from 'vitest'
import { MemoryStore } from '../../src/stores/memory-store.js'
import { storeSuite } from './store-suite.js'

storeSuite('memory', () => new MemoryStore())

describe('memory store sweeping', () => {
  it('drops used keys whose time is up as the map grows, and never one that is still live', async () => {
    let now = 0
    const store = new MemoryStore({ now: () => now })
    expect(await store.consume('live', 10_000)).toBe(true)
    for (let i = 0; i < 2000; i++) await store.consume(`short:${i}`, 100)
    now = 200
    for (let i = 0; i < 2000; i++) await store.consume(`later:${i}`, 100)
    // The 2 000 short keys were swept once the map doubled; the live key was kept through it.
    expect(store.usedKeys).toBeLessThan(2100)
    expect(await store.consume('live', 10_000)).toBe(false)
    expect(await store.consume('short:0', 100)).toBe(true)
  })
})
