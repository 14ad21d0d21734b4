import { describe, expect, it } from 'vitest'
import { renderTwoFactorChallengePage, type TwoFactorPasskeyButton } from './two-factor-challenge-page.js'

const PASSKEY: TwoFactorPasskeyButton = {
  optionsUrl: 'http://app.test/auth/two-factor/passkey-options',
  script: { src: 'http://app.test/auth/webauthn-script/abc.js', sha256: 'c2NyaXB0LWhhc2g=' },
}

const render = (passkey?: TwoFactorPasskeyButton, error?: 'invalid' | 'locked' | 'passkey') =>
  renderTwoFactorChallengePage({
    url: 'http://app.test/auth/callback/two-factor',
    csrfToken: 'csrf-1',
    rememberDays: 30,
    signinUrl: 'http://app.test/auth/signin',
    passkey,
    error,
    theme: {},
  })

describe('renderTwoFactorChallengePage', () => {
  it('without a passkey: the code form only, and a page that may run and fetch nothing', () => {
    const page = render()
    expect(page.html).not.toContain('Use a passkey')
    expect(page.html).not.toContain('<script')
    expect(page.headers['Content-Security-Policy']).not.toContain('script-src')
    expect(page.headers['Content-Security-Policy']).not.toContain('connect-src')
  })

  it('with a passkey: a hidden form for the script, posting `passkey` and the CSRF token to the callback', () => {
    const page = render(PASSKEY)
    const form = /<form\s+class="stack passkey"[^>]*>/.exec(page.html)?.[0] ?? ''
    expect(form).toContain('action="http://app.test/auth/callback/two-factor"')
    expect(form).toContain('data-webauthn-options="http://app.test/auth/two-factor/passkey-options"')
    expect(form).toContain('data-webauthn-field="passkey"')
    expect(form).toContain('data-webauthn-autofill="false"')
    expect(form).toMatch(/\bhidden\b/)
    const rest = page.html.slice(page.html.indexOf(form))
    expect(rest).toContain('<input type="hidden" name="csrfToken" value="csrf-1" />')
    expect(rest).toContain('<input type="hidden" name="passkey" value="" />')
    expect(rest).toMatch(/data-webauthn-action="authenticate"\s*>\s*Use a passkey/)
  })

  it('with a passkey: the script file by its hash only (integrity and CSP), fetching only the options', () => {
    const page = render(PASSKEY)
    expect(page.html).toContain(
      '<script src="http://app.test/auth/webauthn-script/abc.js" integrity="sha256-c2NyaXB0LWhhc2g=" crossorigin="anonymous"></script>',
    )
    const csp = page.headers['Content-Security-Policy']!
    expect(csp).toContain("script-src 'sha256-c2NyaXB0LWhhc2g='")
    expect(csp).toContain('connect-src http://app.test/auth/two-factor/passkey-options')
    expect(csp).not.toContain('unsafe-inline')
  })

  it('says a refused passkey apart from a refused code', () => {
    expect(render(PASSKEY, 'passkey').html).toContain('That passkey was not accepted')
    expect(render(PASSKEY, 'invalid').html).toContain('That code is not valid')
  })
})
