import { describe, expect, it } from 'vitest'
import { renderVerifyRequestPage } from './verify-request-page.js'

describe('renderVerifyRequestPage', () => {
  it('tells the user to check their email, with a link back to the site', () => {
    const page = renderVerifyRequestPage({ url: 'https://app.test:8443', theme: {} })
    expect(page.status).toBe(200)
    expect(page.html).toContain('<title>Check your email</title>')
    expect(page.html).toMatch(/<h1>Check your email<\/h1>/)
    expect(page.html).toMatch(/<a href="https:\/\/app\.test:8443">\s*Back to app\.test:8443\s*<\/a>/)
  })

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', ''])('shows no link for %j', (url) => {
    const doc = renderVerifyRequestPage({ url, theme: {} }).html
    expect(doc).not.toContain('<a ')
    expect(doc).toContain('Check your email')
  })
})
