import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { html } from './html.js'
import { renderPage } from './render-page.js'

const page = (logo?: string) =>
  renderPage({
    title: 'T <1>',
    theme: logo === undefined ? { colorScheme: 'light' } : { colorScheme: 'light', logo },
    body: html`<h1>Hello</h1>`,
  })

describe('renderPage', () => {
  it('renders a full document', () => {
    const { html: doc, status } = page()
    expect(status).toBe(200)
    expect(doc.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(doc).toMatch(/<html lang="en">/)
    expect(doc).toMatch(/<meta charset="utf-8"/)
    expect(doc).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"/)
    expect(doc).toContain('<title>T &lt;1&gt;</title>')
    expect(doc).toMatch(/<div class="card">\s*<h1>Hello<\/h1>\s*<\/div>/)
    expect(doc.trimEnd().endsWith('</html>')).toBe(true)
  })

  it('has no script', () => {
    expect(page('/logo.svg').html).not.toMatch(/<script/i)
  })

  it('passes the status through', () => {
    expect(renderPage({ title: 'x', theme: {}, body: html``, status: 403 }).status).toBe(403)
  })

  it('sets the security headers', () => {
    const { headers } = page()
    expect(headers).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
  })

  it('allows exactly its own inline style by hash, and no script', () => {
    const { html: doc, headers } = page()
    const csp = headers['Content-Security-Policy'] ?? ''
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d] as const))
    const style = /<style>([\s\S]*?)<\/style>/.exec(doc)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(directives.get('default-src')).toBe("default-src 'none'")
    expect(directives.get('style-src')).toBe(`style-src 'sha256-${hash}'`)
    expect(directives.get('img-src')).toBe("img-src 'self' https:")
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directives.get('base-uri')).toBe("base-uri 'none'")
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/)
    // Chrome and Safari check form-action against the redirect after a POST, which for OAuth leaves our origin.
    expect(directives.has('form-action')).toBe(false)
    expect(doc.match(/<style>/g)).toHaveLength(1)
  })

  it('changes the hash with the theme', () => {
    const a = renderPage({ title: 'x', theme: { brandColor: '#000' }, body: html`` })
    const b = renderPage({ title: 'x', theme: { brandColor: '#fff' }, body: html`` })
    expect(a.headers['Content-Security-Policy']).not.toBe(b.headers['Content-Security-Policy'])
  })

  it('shows a valid logo, with an empty alt', () => {
    expect(page('https://example.com/logo.svg').html).toContain(
      '<img class="logo" src="https://example.com/logo.svg" alt="" />',
    )
    expect(page('/logo.svg').html).toContain('src="/logo.svg"')
  })

  it.each([
    'javascript:alert(1)',
    '"><img src=x onerror=alert(1)>',
    'data:image/png;base64,AAAA',
    'logo.png',
  ])('leaves out the logo %j', (logo) => {
    const doc = page(logo).html
    expect(doc).not.toContain('<img')
    expect(doc).not.toContain('onerror')
  })
})
