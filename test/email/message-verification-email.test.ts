/** The sign-in message: escaped, header-safe, themed within bounds, nothing remote but the app's logo. */
import { describe, expect, it } from 'vitest'
import { verificationEmail } from '../../src/email/verification-email.js'

const expires = new Date(Date.UTC(2026, 10, 23, 14, 5))

describe('verificationEmail', () => {
  it('says the host and the expiry in both parts, with the link', () => {
    const url = 'https://app.example/auth/callback/email?token=abc&email=ada%40example.com'
    const mail = verificationEmail({ url, expires })
    expect(mail.subject).toBe('Sign in to app.example')
    expect(mail.text).toContain(url)
    expect(mail.text).toContain('23 November 2026, 14:05 UTC')
    expect(mail.html).toContain(
      'href="https://app.example/auth/callback/email?token=abc&amp;email=ada%40example.com"',
    )
    expect(mail.html).toContain('23 November 2026, 14:05 UTC')
  })

  it('escapes what it shows, and keeps CR/LF out of the subject', () => {
    const mail = verificationEmail({
      url: 'https://app.example/cb?x="><script>alert(1)</script>',
      host: 'evil.example\r\nBcc: victim@example.com <b>',
      expires,
    })
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toContain('<b>')
    expect(mail.html).toContain('&lt;b&gt;')
  })

  it('takes theme colours only in a colour form; a logo only as an http(s) URL', () => {
    const safe = verificationEmail({
      url: 'https://a.example/',
      expires,
      theme: { brandColor: '#123abc', buttonText: 'white', logo: 'https://a.example/logo.png' },
    })
    expect(safe.html).toContain('background:#123abc')
    expect(safe.html).toContain('color:white')
    expect(safe.html).toContain('<img src="https://a.example/logo.png"')
    const hostile = verificationEmail({
      url: 'https://a.example/',
      expires,
      theme: { brandColor: 'red;background-image:url(//t.example/p)', logo: 'javascript:alert(1)' },
    })
    expect(hostile.html).not.toContain('t.example')
    expect(hostile.html).not.toContain('<img')
    expect(hostile.html).toContain('background:#346df1')
  })
})
