/**
 * Addresses: the default normalizer (wire-contract §7.2, the 2026 advisory) on its own, then through the sign-in
 * endpoint, where a refused address is the sign-in page with `EmailSignin`, never a 500, and sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidEmailAddress, normalizeEmailAddress } from '../../src/flows/email/normalize-email-address.js'
import { browser, emailConfig, ORIGIN, sqliteEmailBackend } from './flow-harness.js'

describe('normalizeEmailAddress', () => {
  it.each([
    ['alice@example.com', 'alice@example.com'],
    ['  Alice@Example.COM ', 'alice@example.com'],
    ['alice @ example.com', 'alice@example.com'],
    ['alice@bücher.example', 'alice@xn--bcher-kva.example'],
    ['alice@BÜCHER.example', 'alice@xn--bcher-kva.example'],
    ['alice@example.com.', 'alice@example.com'],
    ['ａｌｉｃｅ@example.com', 'alice@example.com'],
    ['alice+tag@sub.example.co.uk', 'alice+tag@sub.example.co.uk'],
    ['δοκιμή@example.com', 'δοκιμή@example.com'],
  ])('%j becomes %j', (input, output) => {
    expect(normalizeEmailAddress(input)).toBe(output)
  })

  it.each([
    ['fullwidth @', 'alice＠example.com'],
    ['small commercial at', 'alice﹫example.com'],
    ['fullwidth @ beside an ASCII one', 'alice＠evil.example@example.com'],
  ])('refuses a lookalike of "@" (%s)', (_why, input) => {
    expect(() => normalizeEmailAddress(input)).toThrow(/looks like "@"/)
  })

  it.each([
    ['a quoted local part', '"alice"@example.com'],
    ['a quote inside', 'al"ice@example.com'],
    ['a quoted "@"', '"alice@evil.example"@example.com'],
  ])('refuses quotes (%s)', (_why, input) => {
    expect(() => normalizeEmailAddress(input)).toThrow(InvalidEmailAddress)
  })

  it.each([
    ['CR LF and a header', 'alice@example.com\r\nBcc: victim@example.org'],
    ['LF', 'alice@example.com\nx'],
    ['CR', 'alice\r@example.com'],
    ['a comma and a second recipient', 'alice@example.com,victim@example.org'],
    ['a semicolon', 'alice@example.com;victim@example.org'],
    ['angle brackets', 'Alice <alice@example.com>'],
    ['a NUL', 'alice\u0000@example.com'],
    ['U+2028', 'alice\u2028@example.com'],
  ])('refuses %s', (_why, input) => {
    expect(() => normalizeEmailAddress(input)).toThrow(InvalidEmailAddress)
  })

  it.each([
    ['no @', 'alice.example.com'],
    ['two @', 'alice@evil@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'alice@'],
    ['a path after the domain', 'alice@example.com/evil'],
    ['a port', 'alice@example.com:25'],
    ['an IPv4 domain', 'alice@127.0.0.1'],
    ['a hex IPv4 domain', 'alice@0x7f.1'],
    ['a domain literal', 'alice@[127.0.0.1]'],
    ['an invalid host', 'alice@exa mple.com'],
    ['a local part over 64 octets', `${'a'.repeat(65)}@example.com`],
    ['not text', 42 as unknown as string],
  ])('refuses %s', (_why, input) => {
    expect(() => normalizeEmailAddress(input)).toThrow(InvalidEmailAddress)
  })
})

describe('addresses at POST /signin/{id}', () => {
  let db: Awaited<ReturnType<typeof sqliteEmailBackend.setup>>
  beforeAll(async () => {
    db = await sqliteEmailBackend.setup()
  })
  afterAll(() => db.teardown())

  async function refused(email: string) {
    const { config, mails, logger } = emailConfig(db.adapter)
    const res = await browser(config).requestLink(email)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${ORIGIN}/auth/signin?error=EmailSignin`)
    expect(mails).toStrictEqual([])
    expect(await db.tokens()).toStrictEqual([])
    expect(logger.errors.map((e) => (e as { reason?: string }).reason)).toContain('email_address_invalid')
  }

  it('a homoglyph "@" is refused with EmailSignin', () => refused('victim＠example.com'))
  it('a quoted address is refused with EmailSignin', () => refused('"victim"@example.com'))
  it('CR/LF in the address is refused with EmailSignin', () => refused('attacker@example.com\r\nBcc: victim'))
  it('a missing address is refused with EmailSignin', () => refused(''))

  it("a provider's normalizeIdentifier replaces the default", async () => {
    const { config, mails } = emailConfig(db.adapter, {
      provider: { normalizeIdentifier: (id) => `${id.trim()}-custom` },
    })
    await browser(config).requestLink(' Whatever ')
    expect(mails[0]!.identifier).toBe('Whatever-custom')
  })
})
