import { describe, expect, it } from 'vitest'
import { serializeCookie } from './serialize-cookie.js'
import type { SerializeOptions } from './serialize-cookie.js'

describe('serializeCookie', () => {
  it('percent-encodes the value and adds nothing without options', () => {
    expect(serializeCookie('a', 'token|hash; x=y')).toBe('a=token%7Chash%3B%20x%3Dy')
    expect(serializeCookie('a', '')).toBe('a=')
  })

  it('writes every attribute in the order and spelling Auth.js emits', () => {
    const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5))
    expect(
      serializeCookie('n', 'v', {
        sameSite: 'lax',
        priority: 'high',
        partitioned: true,
        secure: true,
        httpOnly: true,
        expires,
        path: '/',
        domain: 'example.com',
        maxAge: 900,
      }),
    ).toBe(
      'n=v; Max-Age=900; Domain=example.com; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; ' +
        'Partitioned; Priority=High; SameSite=Lax',
    )
  })

  it('matches the observed Auth.js check-cookie header', () => {
    const expires = new Date(Date.UTC(2030, 0, 1))
    const options = {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: true,
      maxAge: 900,
      expires,
    } as const
    expect(serializeCookie('__Secure-authjs.state', 'x', options)).toBe(
      '__Secure-authjs.state=x; Max-Age=900; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    )
  })

  it.each([
    [true, 'SameSite=Strict'],
    ['strict', 'SameSite=Strict'],
    ['lax', 'SameSite=Lax'],
    ['none', 'SameSite=None'],
    ['NONE', 'SameSite=None'],
  ] as const)('spells sameSite %s as %s', (sameSite, attribute) => {
    expect(serializeCookie('n', 'v', { sameSite } as SerializeOptions)).toBe(`n=v; ${attribute}`)
  })

  it.each([
    ['low', 'Low'],
    ['medium', 'Medium'],
    ['HIGH', 'High'],
  ])('spells priority %s as %s', (priority, spelled) => {
    expect(serializeCookie('n', 'v', { priority } as SerializeOptions)).toBe(`n=v; Priority=${spelled}`)
  })

  it('leaves out false flags and sameSite false', () => {
    const options = { httpOnly: false, secure: false, partitioned: false, sameSite: false }
    expect(serializeCookie('n', 'v', options)).toBe('n=v')
  })

  it('writes Max-Age=0 for a deletion', () => {
    expect(serializeCookie('n', '', { maxAge: 0, path: '/' })).toBe('n=; Max-Age=0; Path=/')
  })

  it('accepts a leading dot in the domain, as browsers do', () => {
    expect(serializeCookie('n', 'v', { domain: '.sub.example.com' })).toBe('n=v; Domain=.sub.example.com')
  })

  it.each(['', 'a b', 'a;b', 'a=b', 'a,b', 'a\nb', 'a\u0000', 'é', '(a)', 'a"b'])(
    'rejects the name %j',
    (name) => {
      expect(() => serializeCookie(name, 'v')).toThrow(TypeError)
    },
  )

  it.each([
    'exa mple.com',
    'a.com;Secure',
    'a..com',
    '-a.com',
    'a-.com',
    'a.com.',
    'é.com',
    'a.com\n',
    'a_b.com',
  ])('rejects the domain %j', (domain) => {
    expect(() => serializeCookie('n', 'v', { domain })).toThrow(TypeError)
  })

  it.each(['/a;Domain=evil.com', '/a\nb', '/a\u0000', '/\u007f', '/é'])('rejects the path %j', (path) => {
    expect(() => serializeCookie('n', 'v', { path })).toThrow(TypeError)
  })

  it('accepts any other printable path', () => {
    expect(serializeCookie('n', 'v', { path: '/a b/<c>' })).toBe('n=v; Path=/a b/<c>')
  })

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects maxAge %s', (maxAge) => {
    expect(() => serializeCookie('n', 'v', { maxAge })).toThrow(TypeError)
  })

  it('writes Expires as toUTCString for every instant, however calls jump between and within seconds', () => {
    const base = Date.UTC(2030, 0, 2, 3, 4, 5)
    const offsets = [0, 1, 999, 1000, 0, 999, -1, -999, -1000, -1001, 60_000, 59_999, 1000, 1001]
    const times = [
      ...offsets.map((offset) => base + offset),
      ...offsets.map((offset) => offset),
      -62_198_755_200_001,
      8.64e15,
      -8.64e15,
      ...Array.from({ length: 200 }, (_, index) => base + Math.floor(Math.sin(index) * 5000)),
    ]
    for (const time of times) {
      const expires = new Date(time)
      expect(serializeCookie('n', 'v', { expires })).toBe(`n=v; Expires=${expires.toUTCString()}`)
    }
  })

  it('rejects an invalid Date and a non-Date expires', () => {
    expect(() => serializeCookie('n', 'v', { expires: new Date(Number.NaN) })).toThrow(TypeError)
    expect(() => serializeCookie('n', 'v', { expires: 1 as unknown as Date })).toThrow(TypeError)
  })

  it('rejects unknown priority and sameSite values', () => {
    expect(() => serializeCookie('n', 'v', { priority: 'urgent' } as unknown as SerializeOptions)).toThrow(
      TypeError,
    )
    expect(() => serializeCookie('n', 'v', { sameSite: 'loose' } as unknown as SerializeOptions)).toThrow(
      TypeError,
    )
  })

  it('rejects a value that cannot be percent-encoded with a TypeError', () => {
    expect(() => serializeCookie('n', 'a\ud800b')).toThrow(TypeError)
  })
})
