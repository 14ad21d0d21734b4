import { isDate as authJsIsDate } from '@auth/core/adapters'
import { describe, expect, it } from 'vitest'
import { isDate } from './auth-core-adapters.js'

describe('isDate', () => {
  it.each([
    new Date(0).toJSON(),
    '2026-11-26T12:00:00Z',
    '2026-11-26T12:00+01:00',
    '2026-11-26T12:00:00.5-05:30',
    '2026-11-26',
    '2026-13-45T12:00:00Z',
    '2026-02-30T12:00:00Z',
    'tomorrow',
    '',
    1700000000000,
    null,
    new Date(0),
  ])('answers %j as @auth/core does', (value) => {
    expect(isDate(value)).toBe(authJsIsDate(value))
  })
})
