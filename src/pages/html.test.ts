import { describe, expect, it } from 'vitest'
import { escapeHtml, html, SafeHtml, safeUrl } from './html.js'

describe('escapeHtml', () => {
  it('escapes & < > " \' and the backtick', () => {
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;')
  })

  it('leaves other text alone', () => {
    expect(escapeHtml('Grüße, 世界 / ok')).toBe('Grüße, 世界 / ok')
  })
})

describe('html', () => {
  it('escapes interpolated strings', () => {
    const name = '<script>alert(1)</script>'
    expect(html`<p>${name}</p>`.toString()).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')
  })

  it('escapes values so they cannot leave a quoted attribute', () => {
    const value = '"><img src=x onerror=alert(1)>'
    const markup = html`<input value="${value}" />`.toString()
    expect(markup).toBe('<input value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" />')
  })

  it('inserts SafeHtml it produced without escaping it again', () => {
    const inner = html`<b>${'a&b'}</b>`
    expect(html`<p>${inner}</p>`.toString()).toBe('<p><b>a&amp;b</b></p>')
  })

  it('joins arrays, escaping their strings and keeping their SafeHtml', () => {
    const items = [html`<li>1</li>`, '<li>', [html`<li>3</li>`]]
    // prettier-ignore
    const markup = html`<ul>${items}</ul>`.toString()
    expect(markup).toBe('<ul><li>1</li>&lt;li&gt;<li>3</li></ul>')
  })

  it('renders null, undefined and false as nothing, and numbers as text', () => {
    expect(html`[${null}${undefined}${false}${0}${12.5}]`.toString()).toBe('[012.5]')
  })

  it('does not trust an object that only looks like SafeHtml', () => {
    const fake = { toString: () => '<script>' } as unknown as string
    expect(html`${fake}`.toString()).toBe('&lt;script&gt;')
  })

  it('refuses a template with an unquoted attribute value', () => {
    expect(() => html`<input value=${'x onfocus=alert(1)'} />`).toThrow(TypeError)
    expect(() => html`<a href=${'/x'}></a>`).toThrow(/quote the attribute/)
  })

  it('returns a SafeHtml', () => {
    expect(html`x`).toBeInstanceOf(SafeHtml)
  })
})

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b=c#d',
    'http://localhost:3000/auth/signin',
    '/auth/signin/github',
    'signin',
    '?callbackUrl=%2F',
    '#top',
    '//cdn.example.com/x',
  ])('keeps the http(s) or relative URL %s', (url) => {
    expect(safeUrl(url)).toBe(url)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\tjava\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.c',
    'file:///etc/passwd',
    'http://[::1',
  ])('replaces %j with #', (url) => {
    expect(safeUrl(url)).toBe('#')
  })

  it('uses the given fallback, and refuses non-strings', () => {
    expect(safeUrl('javascript:alert(1)', '')).toBe('')
    expect(safeUrl(undefined)).toBe('#')
    expect(safeUrl({ toString: () => '/x' })).toBe('#')
  })
})
