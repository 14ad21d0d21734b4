import { describe, expect, it } from 'vitest'
import { renderErrorPage } from './error-page.js'

const render = (error?: string) =>
  renderErrorPage({ error, signinUrl: 'https://app.test/auth/signin', theme: {} })
const text = (doc: string): string =>
  (/<div class="card">([\s\S]*?)<\/div>/.exec(doc)?.[1] ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ')

describe('renderErrorPage', () => {
  it.each([
    ['Configuration', 500, /problem with the server configuration.*server log has the details/],
    ['AccessDenied', 403, /not allowed to sign in/],
    ['Verification', 403, /used already, or it may have expired/],
    [undefined, 200, /could not be completed/],
    ['OAuthAccountNotLinked', 200, /could not be completed/],
    ['WebAuthnVerificationError', 200, /could not verify it.*sign in another way and create a new one/],
  ])('gives %s status %i and its message', (error, status, message) => {
    const page = render(error)
    expect(page.status).toBe(status)
    expect(text(page.html)).toMatch(message)
  })

  it('links to the sign-in page it is given, as its one primary action', () => {
    const doc = render('AccessDenied').html
    expect(doc).toContain('<a class="button button-primary" href="https://app.test/auth/signin"')
    expect(doc.match(/class="button button-primary"/g)).toHaveLength(1)
    expect(render().html).toMatch(/>\s*Back to sign in<\/a\s*>/)
    expect(render('Verification').html).toMatch(/>\s*Get a new link<\/a\s*>/)
  })

  it('never echoes an unknown error value', () => {
    for (const error of ['Hacked: call 555-0100', 'constructor', '__proto__', 'toString', '<b>x</b>']) {
      const page = render(error)
      expect(page.status).toBe(200)
      expect(page.html).not.toContain(error)
      expect(text(page.html)).toBe(text(render().html))
    }
  })

  it('replaces a non-http(s) sign-in link with #', () => {
    const doc = renderErrorPage({ signinUrl: 'javascript:alert(1)', theme: {} }).html
    expect(doc).toContain('href="#"')
    expect(doc).not.toContain('javascript:')
  })
})
