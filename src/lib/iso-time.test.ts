import { describe, expect, it } from 'vitest'
import { isoTime } from './iso-time.js'

describe('isoTime', () => {
  it('gives what Date#toISOString gives, first time and remembered', () => {
    for (const ms of [0, 1_800_000_000_000, -1, 8.64e15, -8.64e15, 1_800_000_000_123.7, -0]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString())
      expect(isoTime(ms)).toBe(new Date(ms).toISOString())
    }
  })

  it('throws the same RangeError for times outside the Date range, every time', () => {
    for (const ms of [Number.NaN, 8.64e15 + 1, Number.POSITIVE_INFINITY]) {
      expect(() => isoTime(ms)).toThrow(RangeError)
      expect(() => isoTime(ms)).toThrow(RangeError)
    }
  })

  it('stays right after more distinct times than it keeps', () => {
    for (let i = 0; i < 3000; i++) expect(isoTime(i * 1000)).toBe(new Date(i * 1000).toISOString())
    expect(isoTime(5000)).toBe('1970-01-01T00:00:05.000Z')
  })
})
