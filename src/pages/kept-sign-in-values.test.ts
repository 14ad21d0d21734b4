import { describe, expect, it } from 'vitest'
import { keepsValue } from './credentials-form.js'
import { keptValuesCookie, readKeptValues } from './kept-sign-in-values.js'

describe('keepsValue', () => {
  it('keeps an address or a user name', () => {
    expect(keepsValue('email', { type: 'email' })).toBe(true)
    expect(keepsValue('login', { type: 'text', autocomplete: 'username' })).toBe(true)
    expect(keepsValue('who', { autocomplete: 'email' })).toBe(true)
    expect(keepsValue('username', {})).toBe(true)
    expect(keepsValue('Email', null)).toBe(true)
  })

  it('never keeps a password, even one named or marked like an address', () => {
    expect(keepsValue('password', { type: 'password' })).toBe(false)
    expect(keepsValue('email', { type: 'password' })).toBe(false)
    expect(keepsValue('login', { type: 'password', autocomplete: 'username' })).toBe(false)
  })

  it('keeps nothing else: a one-time code or a PIN may be secret', () => {
    expect(keepsValue('code', { type: 'text', inputmode: 'numeric' })).toBe(false)
    expect(keepsValue('pin', { type: 'tel' })).toBe(false)
    expect(keepsValue('note', {})).toBe(false)
  })
})

describe('the kept-values cookie', () => {
  const credentials = {
    email: { type: 'email' },
    password: { type: 'password' },
    code: { type: 'text' },
  }
  const body = { email: 'ada@example.com', password: 'secret-1', code: '123456', csrfToken: 'x' }

  it('holds the address and nothing else, and reads back', () => {
    const cookie = keptValuesCookie(false, 'credentials', credentials, body)!
    expect(cookie.name).toBe('gatehouse.sign-in-values')
    expect(cookie.options).toEqual({ httpOnly: true, sameSite: 'lax', path: '/', secure: false, maxAge: 60 })
    expect(readKeptValues(cookie.value)).toEqual({
      providerId: 'credentials',
      values: { email: 'ada@example.com' },
    })
  })

  it('is __Host- and Secure on HTTPS', () => {
    const cookie = keptValuesCookie(true, 'credentials', credentials, body)!
    expect(cookie.name).toBe('__Host-gatehouse.sign-in-values')
    expect(cookie.options.secure).toBe(true)
  })

  it('is not made for an empty, overlong or control-character value, nor a non-string', () => {
    for (const email of ['', '  ', 'a'.repeat(255), 'a\r\nb@x.test', 'a\u0000b', ['x'], 5]) {
      expect(keptValuesCookie(false, 'credentials', credentials, { ...body, email })).toBeUndefined()
    }
  })

  it('reads anything malformed as nothing', () => {
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
    for (const value of [
      undefined,
      '',
      'not base64!',
      Buffer.from('{').toString('base64url'),
      encode(null),
      encode({ p: 1, v: {} }),
      encode({ p: 'credentials', v: ['x'] }),
      'a'.repeat(2000),
    ]) {
      expect(readKeptValues(value)).toBeUndefined()
    }
    expect(
      readKeptValues(encode({ p: 'credentials', v: { email: 5, name: 'x'.repeat(300), ok: 'y' } })),
    ).toEqual({
      providerId: 'credentials',
      values: { ok: 'y' },
    })
  })
})
