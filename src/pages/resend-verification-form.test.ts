import { describe, expect, it } from 'vitest'
import { resendVerificationForm, type ResendVerificationFormOptions } from './resend-verification-form.js'
import type { SignInPageProvider } from './sign-in-page-provider.js'

const password: SignInPageProvider = {
  id: 'password',
  name: 'Password',
  type: 'credentials',
  signinUrl: 'https://app.test/auth/signin/password',
  callbackUrl: 'https://app.test/auth/callback/password',
  links: { resendVerification: 'verify-email' },
}
const render = (over: Partial<ResendVerificationFormOptions> = {}) =>
  String(
    resendVerificationForm({ providers: [password], csrfToken: 'tok', callbackUrl: '/home', ...over }) ?? '',
  )

describe('resendVerificationForm', () => {
  it('posts the kept address to {base}/verify-email/resend with the CSRF token and callbackUrl', () => {
    const out = render({ kept: { providerId: 'password', values: { email: 'ada@example.com' } } })
    expect(out).toContain('action="https://app.test/auth/verify-email/resend"')
    expect(out).toContain('name="csrfToken" value="tok"')
    expect(out).toContain('name="callbackUrl" value="/home"')
    expect(out).toContain('name="email" value="ada@example.com"')
  })

  it('escapes the kept address', () => {
    const out = render({ kept: { providerId: 'password', values: { email: '"><script>x</script>' } } })
    expect(out).not.toContain('<script>')
    expect(out).toContain('&lt;script&gt;')
  })

  it("links to the page that asks for the address when none was kept, or another provider's was", () => {
    for (const kept of [undefined, { providerId: 'other', values: { email: 'ada@example.com' } }]) {
      const out = render({ kept })
      expect(out).toContain('<a href="https://app.test/auth/verify-email">')
      expect(out).not.toContain('<form')
    }
  })

  it('offers nothing without a provider that resends', () => {
    const { links: _, ...plain } = password
    expect(resendVerificationForm({ providers: [plain], csrfToken: 'tok', callbackUrl: '/' })).toBeUndefined()
  })
})
