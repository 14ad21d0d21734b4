import { describe, expect, it } from 'vitest'
import { renderSignOutPage } from './sign-out-page.js'

const render = (callbackUrl?: string) =>
  renderSignOutPage({ url: '/auth/signout', csrfToken: 'csrf-1', callbackUrl, theme: {} })

describe('renderSignOutPage', () => {
  it('asks for confirmation in a 200 page', () => {
    const page = render()
    expect(page.status).toBe(200)
    expect(page.html).toContain('<title>Sign out</title>')
    expect(page.html).toContain('Are you sure you want to sign out?')
  })

  it('signs out with a POST to the sign-out endpoint carrying the CSRF token', () => {
    const doc = render().html
    expect(doc.match(/<form\b[^>]*>/g)).toEqual([
      '<form class="actions" method="post" action="/auth/signout">',
    ])
    expect(doc).toContain('<input type="hidden" name="csrfToken" value="csrf-1" />')
    expect(doc).not.toContain('name="callbackUrl"')
    expect(doc).toMatch(/<button class="button button-primary" type="submit">\s*Sign out\s*<\/button>/)
  })

  it('posts the callbackUrl when given, and offers to stay signed in by going there', () => {
    const doc = render('/goodbye').html
    expect(doc).toContain('<input type="hidden" name="callbackUrl" value="/goodbye" />')
    // A link, not a form: staying signed in changes nothing, so it needs no CSRF token.
    expect(doc).toContain('<a class="button button-secondary" href="/goodbye">Stay signed in</a>')
    expect(render().html).not.toContain('Stay signed in')
  })

  it('refuses a non-http(s) action or callbackUrl', () => {
    const doc = renderSignOutPage({
      url: 'javascript:alert(1)',
      csrfToken: 'x',
      callbackUrl: 'data:,x',
      theme: {},
    }).html
    expect(doc).toContain('<form class="actions" method="post" action="#">')
    expect(doc).not.toContain('name="callbackUrl"')
    expect(doc).not.toContain('data:,x')
  })
})
