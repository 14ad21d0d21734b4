import { describe, expect, it } from 'vitest'
import { parseCookies } from './parse-cookies.js'

describe('parseCookies', () => {
  it('parses pairs and trims spaces and tabs', () => {
    expect(parseCookies('a=1; b=2;c=3 ;\td = 4\t')).toEqual({ a: '1', b: '2', c: '3', d: '4' })
  })

  it('returns an empty map for no header', () => {
    expect(parseCookies(undefined)).toEqual({})
    expect(parseCookies(null)).toEqual({})
    expect(parseCookies('')).toEqual({})
    expect(parseCookies('a')).toEqual({})
  })

  it('keeps the first occurrence of a name', () => {
    expect(parseCookies('a=first; a=second')).toEqual({ a: 'first' })
  })

  it('skips pairs without = and empty names', () => {
    expect(parseCookies('junk; a=1; ; =x; more junk; b=2; tail')).toEqual({ a: '1', b: '2' })
  })

  it('keeps = inside values', () => {
    expect(parseCookies('a=b=c; d==')).toEqual({ a: 'b=c', d: '=' })
  })

  it('allows empty values', () => {
    expect(parseCookies('a=; b=""')).toEqual({ a: '', b: '' })
  })

  it('strips surrounding double quotes only when both are there', () => {
    expect(parseCookies('a="x y"; b="x; c=x"; d="')).toEqual({ a: 'x y', b: '"x', c: 'x"', d: '"' })
  })

  it('percent-decodes values and keeps a malformed encoding raw', () => {
    expect(parseCookies('a=%7C%20x; b=%E0%A4%A; c=%; d=%zz')).toEqual({
      a: '| x',
      b: '%E0%A4%A',
      c: '%',
      d: '%zz',
    })
  })

  it('does not decode names', () => {
    expect(parseCookies('a%20b=1')).toEqual({ 'a%20b': '1' })
  })

  it('treats __proto__ and constructor as ordinary names', () => {
    const cookies = parseCookies('__proto__=x; constructor=y; toString=z')
    // Nothing is inherited: the only members are the cookies.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(cookies))).toBeNull()
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(cookies))).toEqual([])
    expect('hasOwnProperty' in cookies).toBe(false)
    // What they share cannot be polluted.
    expect(Object.isFrozen(Object.getPrototypeOf(cookies))).toBe(true)
    expect(cookies['__proto__']).toBe('x')
    expect(Object.entries(cookies)).toStrictEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
      ['toString', 'z'],
    ])
    expect(Object.hasOwn(parseCookies('a=1'), 'toString')).toBe(false)
    expect('toString' in parseCookies('a=1')).toBe(false)
  })

  it('reads a header of many ordinary cookies in full', () => {
    const header = Array.from({ length: 150 }, (_, index) => `c${index}=${'v'.repeat(100)}`).join('; ')
    expect(Object.keys(parseCookies(header))).toHaveLength(150)
  })

  it('reads a session chunked into three cookies among others', () => {
    const chunk = 'x'.repeat(3936)
    const header = `other=1; s.0=${chunk}; s.1=${chunk}; s.2=${chunk}; last=2`
    expect(parseCookies(header)).toMatchObject({ 's.2': chunk, last: '2' })
  })

  it('ignores pairs beyond the 200th', () => {
    const header = Array.from({ length: 300 }, (_, index) => `c${index}=1`).join('; ')
    const cookies = parseCookies(header)
    expect(Object.keys(cookies)).toHaveLength(200)
    expect(cookies['c199']).toBe('1')
    expect(cookies['c200']).toBeUndefined()
  })

  it('ignores the header beyond 32 KiB without yielding a truncated value', () => {
    const filler = `f=${'x'.repeat(32 * 1024 - 10)}`
    const cookies = parseCookies(`${filler}; cut=${'y'.repeat(100)}; after=1`)
    expect(cookies['f']).toHaveLength(32 * 1024 - 10)
    expect(cookies['cut']).toBeUndefined()
    expect(cookies['after']).toBeUndefined()
  })

  it('returns nothing for an oversized header without any separator', () => {
    expect(parseCookies(`a=${'x'.repeat(40 * 1024)}`)).toEqual({})
  })

  it('handles separator floods in linear time', () => {
    // Quadratic scanning would take minutes on these; linear takes milliseconds.
    expect(parseCookies(';'.repeat(1_000_000) + 'a=1')).toEqual({})
    expect(parseCookies(`${';'.repeat(30_000)}a=1`)).toEqual({ a: '1' })
    expect(parseCookies('='.repeat(1_000_000))).toEqual({})
  })
})
