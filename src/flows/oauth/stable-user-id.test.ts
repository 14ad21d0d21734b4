import { describe, expect, it } from 'vitest'
import { stableUserId } from './stable-user-id.js'

describe('stableUserId', () => {
  it('is a deterministic, UUID-shaped (version 8) id per provider and account', () => {
    const id = stableUserId('github', '1234')
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(stableUserId('github', '1234')).toBe(id)
  })

  it('differs between providers and cannot be confused by moving characters across the boundary', () => {
    expect(stableUserId('gitlab', '1234')).not.toBe(stableUserId('github', '1234'))
    expect(stableUserId('a', 'bc')).not.toBe(stableUserId('ab', 'c'))
  })
})
