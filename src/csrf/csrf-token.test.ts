import { describe, expect, it } from 'vitest'
import { cryptoBackends } from '../../test/support/crypto-backends.js'
import { createCsrfToken, csrfTokenMatches, readCsrfCookie } from './csrf-token.js'

const secrets = ['current-secret', 'old-secret']

describe.each(cryptoBackends)('CSRF tokens, %s backend', (_name, crypto) => {
  it('mints a 64-hex token and a cookie that the other backend accepts, byte for byte', () => {
    for (const [, other] of cryptoBackends) {
      const { token, cookieValue } = createCsrfToken(secrets, crypto)
      expect(token).toMatch(/^[0-9a-f]{64}$/)
      expect(cookieValue).toBe(`${token}|${other.sha256Hex(`${token}${secrets[0]}`)}`)
      expect(readCsrfCookie(cookieValue, secrets, other)).toBe(token)
    }
    expect(createCsrfToken(secrets, crypto).token).not.toBe(createCsrfToken(secrets, crypto).token)
  })

  it('hashes as node:crypto does, for ASCII and non-ASCII text', () => {
    const node = cryptoBackends[0]![1]
    for (const text of ['', 'abc', 'sécret ✓ 😀'.repeat(30)])
      expect(crypto.sha256Hex(text)).toBe(node.sha256Hex(text))
  })

  it('accepts a cookie of an older secret and of the comma-joined array Auth.js hashes', () => {
    const token = 'a'.repeat(64)
    expect(readCsrfCookie(`${token}|${crypto.sha256Hex(`${token}old-secret`)}`, secrets, crypto)).toBe(token)
    expect(
      readCsrfCookie(`${token}|${crypto.sha256Hex(`${token}${secrets.join(',')}`)}`, secrets, crypto),
    ).toBe(token)
  })

  it('rejects a cookie hashed with another secret, tampered, or malformed', () => {
    const { token, cookieValue } = createCsrfToken(['another-secret'], crypto)
    expect(readCsrfCookie(cookieValue, secrets, crypto)).toBeUndefined()
    const own = createCsrfToken(secrets, crypto).cookieValue
    const flipped = own.slice(0, -1) + (own.endsWith('0') ? '1' : '0')
    expect(readCsrfCookie(flipped, secrets, crypto)).toBeUndefined()
    for (const bad of [undefined, '', token, `${token}|`, `${token.toUpperCase()}|${'0'.repeat(64)}`]) {
      expect(readCsrfCookie(bad, secrets, crypto)).toBeUndefined()
    }
  })

  it('compares the sent token exactly', () => {
    const token = 'b'.repeat(64)
    expect(csrfTokenMatches(token, token, crypto)).toBe(true)
    expect(csrfTokenMatches(`${token.slice(0, -1)}c`, token, crypto)).toBe(false)
    expect(csrfTokenMatches(token.slice(1), token, crypto)).toBe(false)
    expect(csrfTokenMatches(undefined, token, crypto)).toBe(false)
    expect(csrfTokenMatches(42, token, crypto)).toBe(false)
  })
})
