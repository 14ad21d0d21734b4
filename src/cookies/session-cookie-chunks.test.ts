import { Auth } from '@auth/core'
import { encode as authEncode } from '@auth/core/jwt'
import { describe, expect, it } from 'vitest'
import { defaultCookies } from './default-cookies.js'
import { parseCookies } from './parse-cookies.js'
import { serializeCookie } from './serialize-cookie.js'
import {
  CHUNK_SIZE,
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from './session-cookie-chunks.js'
import type { SerializeOptions } from './serialize-cookie.js'

const name = 'authjs.session-token'
const options: SerializeOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure: true }
const expires = new Date(Date.UTC(2030, 0, 1))
const deletion: SerializeOptions = { ...options, maxAge: 0 }

describe('readChunkedCookie', () => {
  it('reads the whole cookie', () => {
    expect(readChunkedCookie({ [name]: 'abc', [`${name}.0`]: 'zzz' }, name)).toBe('abc')
  })

  it('concatenates chunks in numeric order whatever the header order', () => {
    const cookies: Record<string, string> = {
      [`${name}.10`]: 'k',
      [`${name}.2`]: 'c',
      [`${name}.0`]: 'a',
      [`${name}.1`]: 'b',
    }
    for (let index = 3; index < 10; index++) cookies[`${name}.${index}`] = String.fromCharCode(97 + index)
    expect(readChunkedCookie(cookies, name)).toBe('abcdefghijk')
  })

  it('falls back to the chunks when the whole cookie is empty', () => {
    expect(readChunkedCookie({ [name]: '', [`${name}.0`]: 'a', [`${name}.1`]: 'b' }, name)).toBe('ab')
  })

  it('stops at the first missing chunk', () => {
    expect(readChunkedCookie({ [`${name}.0`]: 'a', [`${name}.2`]: 'c' }, name)).toBe('a')
    expect(readChunkedCookie({ [`${name}.1`]: 'b' }, name)).toBeUndefined()
  })

  it('ignores cookies that merely start with the name (Auth.js glues them in)', () => {
    const cookies = {
      [`${name}.0`]: 'a',
      [`${name}-other`]: 'X',
      [`${name}.x`]: 'Y',
      [`${name}.01`]: 'Z',
      [`${name}x.1`]: 'W',
    }
    expect(readChunkedCookie(cookies, name)).toBe('a')
  })

  it('returns undefined when there is nothing', () => {
    expect(readChunkedCookie({}, name)).toBeUndefined()
    expect(readChunkedCookie({ [name]: '' }, name)).toBeUndefined()
    expect(readChunkedCookie({ other: 'x' }, name)).toBeUndefined()
  })
})

describe('writeChunkedCookie', () => {
  it('writes one cookie when the value fits', () => {
    const value = 'x'.repeat(CHUNK_SIZE)
    expect(writeChunkedCookie(name, value, { ...options, expires }, {})).toStrictEqual([
      { name, value, options: { ...options, expires } },
    ])
  })

  it('splits the observed 8393-character token into .0, .1 (3936 each) and .2', () => {
    const value = randomAscii(8393)
    const cookies = writeChunkedCookie(name, value, options, {})
    expect(cookies.map((cookie) => [cookie.name, cookie.value.length])).toStrictEqual([
      [`${name}.0`, 3936],
      [`${name}.1`, 3936],
      [`${name}.2`, 521],
    ])
    expect(cookies.map((cookie) => cookie.value).join('')).toBe(value)
    expect(readChunkedCookie(Object.fromEntries(cookies.map((c) => [c.name, c.value])), name)).toBe(value)
  })

  it('chunks one character over the limit', () => {
    const cookies = writeChunkedCookie(name, 'x'.repeat(CHUNK_SIZE + 1), options, {})
    expect(cookies.map((cookie) => cookie.value.length)).toStrictEqual([CHUNK_SIZE, 1])
  })

  it('deletes stale chunks when the new value has fewer', () => {
    const request = {
      [`${name}.0`]: 'a',
      [`${name}.1`]: 'b',
      [`${name}.2`]: 'c',
      [`${name}.3`]: 'd',
      other: 'o',
    }
    const cookies = writeChunkedCookie(name, 'x'.repeat(CHUNK_SIZE * 2), { ...options, expires }, request)
    expect(cookies).toStrictEqual([
      { name: `${name}.0`, value: 'x'.repeat(CHUNK_SIZE), options: { ...options, expires } },
      { name: `${name}.1`, value: 'x'.repeat(CHUNK_SIZE), options: { ...options, expires } },
      { name: `${name}.2`, value: '', options: deletion },
      { name: `${name}.3`, value: '', options: deletion },
    ])
  })

  it('deletes every chunk when switching back to one cookie, and the whole one when switching to chunks', () => {
    const toWhole = writeChunkedCookie(name, 'small', options, { [`${name}.0`]: 'a', [`${name}.1`]: 'b' })
    expect(toWhole.map((cookie) => [cookie.name, cookie.value, cookie.options.maxAge])).toStrictEqual([
      [name, 'small', undefined],
      [`${name}.0`, '', 0],
      [`${name}.1`, '', 0],
    ])
    const toChunks = writeChunkedCookie(name, 'x'.repeat(CHUNK_SIZE + 1), options, { [name]: 'old' })
    expect(toChunks.map((cookie) => [cookie.name, cookie.options.maxAge])).toStrictEqual([
      [`${name}.0`, undefined],
      [`${name}.1`, undefined],
      [name, 0],
    ])
  })

  it('gives deletions the same options without expires, and copies options', () => {
    const given = { ...options, domain: 'example.com', expires }
    const [written, deleted] = writeChunkedCookie(name, 'v', given, { [`${name}.0`]: 'old' })
    expect(deleted!.options).toStrictEqual({ ...options, domain: 'example.com', maxAge: 0 })
    expect(written!.options).not.toBe(given)
    expect(given.expires).toBe(expires)
  })

  it('never cuts a surrogate pair in half', () => {
    const value = `${'x'.repeat(CHUNK_SIZE - 1)}😀${'y'.repeat(10)}`
    const cookies = writeChunkedCookie(name, value, options, {})
    expect(cookies.map((cookie) => cookie.value.length)).toStrictEqual([CHUNK_SIZE - 1, 12])
    for (const cookie of cookies)
      expect(() => serializeCookie(cookie.name, cookie.value, cookie.options)).not.toThrow()
  })
})

describe('clearChunkedCookie', () => {
  it('deletes the whole cookie and every chunk the request carried, and nothing else', () => {
    const request = { [name]: 'w', [`${name}.0`]: 'a', [`${name}.7`]: 'h', [`${name}-x`]: 'n', other: 'o' }
    expect(clearChunkedCookie(name, { ...options, expires }, request)).toStrictEqual([
      { name, value: '', options: deletion },
      { name: `${name}.0`, value: '', options: deletion },
      { name: `${name}.7`, value: '', options: deletion },
    ])
  })

  it('deletes nothing when the request has no session cookie', () => {
    expect(clearChunkedCookie(name, options, { other: 'o' })).toStrictEqual([])
  })
})

describe('interoperability with Auth.js chunking', () => {
  const secret = 'interop-secret'
  const cookies = defaultCookies(true)
  const sessionName = cookies.sessionToken.name
  const config = {
    providers: [],
    secret,
    trustHost: true,
    callbacks: {
      jwt: ({ token }: { token: Record<string, unknown> }) => ({ ...token, pad: 'p'.repeat(6000) }),
    },
  }

  it('names and cuts chunks as Auth.js does, and Auth.js reads our chunks', async () => {
    const token = await authEncode({ token: { sub: 'user-1' }, secret, salt: sessionName })
    const response = await Auth(
      new Request('https://example.com/auth/session', { headers: { cookie: `${sessionName}=${token}` } }),
      config,
    )
    const setCookies = response.headers.getSetCookie().filter((header) => header.startsWith(sessionName))
    const written = setCookies.map((header) => parseCookies(header.slice(0, header.indexOf(';'))))
    const byAuthJs = written.flatMap((pair) => Object.entries(pair)).filter(([, value]) => value !== '')
    expect(byAuthJs.map(([cookieName]) => cookieName)).toStrictEqual([
      `${sessionName}.0`,
      `${sessionName}.1`,
      `${sessionName}.2`,
    ])

    const value = byAuthJs.map(([, chunk]) => chunk).join('')
    const ours = writeChunkedCookie(sessionName, value, cookies.sessionToken.options, {
      [sessionName]: token,
    })
    expect(
      ours.filter((cookie) => cookie.value !== '').map((cookie) => [cookie.name, cookie.value]),
    ).toStrictEqual(byAuthJs)
    // Auth.js also deleted the whole cookie it replaced, as we do.
    expect(setCookies.some((header) => header.startsWith(`${sessionName}=; Max-Age=0`))).toBe(true)
    expect(ours.at(-1)).toMatchObject({ name: sessionName, value: '', options: { maxAge: 0 } })

    const cookieHeader = ours
      .filter((cookie) => cookie.value !== '')
      .map((cookie) => serializeCookie(cookie.name, cookie.value).split(';')[0])
      .join('; ')
    const session = await Auth(
      new Request('https://example.com/auth/session', { headers: { cookie: cookieHeader } }),
      config,
    )
    expect(((await session.json()) as { user?: unknown } | null)?.user).toBeDefined()
  })
})

function randomAscii(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'
  return Array.from({ length }, (_, index) => alphabet[(index * 7919) % alphabet.length]).join('')
}
