import { describe, expect, it } from 'vitest'
import type { Theme } from '../types.js'
import { parseCssColor } from './css-color.js'
import { themeStyles } from './page-theme.js'

const css = (theme: Theme, extra?: string): string => themeStyles(theme, extra).toString()

/** The custom properties of the first `:root{...}` rule in `text` that declares `color-scheme:{scheme}`. */
function palette(text: string, scheme: 'light' | 'dark'): Record<string, string> {
  const rule = new RegExp(`:root\\{color-scheme:${scheme};([^}]*)\\}`).exec(text)?.[1] ?? ''
  return Object.fromEntries(rule.split(';').map((d) => d.split(':') as [string, string]))
}

function contrast(a: string | undefined, b: string | undefined): number {
  const [la, lb] = [parseCssColor(a)?.luminance ?? NaN, parseCssColor(b)?.luminance ?? NaN]
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

describe('themeStyles', () => {
  it('is one <style> element', () => {
    expect(css({})).toMatch(/^<style>[^<]*<\/style>$/)
  })

  it('follows prefers-color-scheme for auto (and for a missing or unknown scheme)', () => {
    for (const theme of [{ colorScheme: 'auto' }, {}, { colorScheme: 'sepia' }] as Theme[]) {
      const text = css(theme)
      expect(text).toContain(':root{color-scheme:light;')
      expect(text).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\{color-scheme:dark;/)
    }
  })

  it('uses only the chosen palette for a fixed scheme', () => {
    expect(css({ colorScheme: 'dark' })).toContain(':root{color-scheme:dark;')
    expect(css({ colorScheme: 'dark' })).not.toContain('color-scheme:light')
    expect(css({ colorScheme: 'light' })).not.toContain('color-scheme:dark')
    expect(css({ colorScheme: 'light' })).not.toContain('prefers-color-scheme')
  })

  it('shows dark-only images after the base rule that hides them', () => {
    const text = css({ colorScheme: 'dark' })
    expect(text.lastIndexOf('.show-dark{display:inline}')).toBeGreaterThan(
      text.indexOf('.show-dark{display:none}'),
    )
  })

  it.each(['light', 'dark'] as const)('has WCAG AA contrast in the %s palette', (scheme) => {
    const p = palette(css({ colorScheme: scheme }), scheme)
    for (const bg of [p['--card'], p['--bg']]) {
      expect(contrast(p['--text'], bg)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(p['--muted'], bg)).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrast(p['--link'], p['--card'])).toBeGreaterThanOrEqual(4.5)
    expect(contrast(p['--text'], p['--field-bg'])).toBeGreaterThanOrEqual(4.5)
    expect(contrast(p['--muted'], p['--field-bg'])).toBeGreaterThanOrEqual(4.5) // placeholders
    expect(contrast(p['--alert-text'], p['--alert-bg'])).toBeGreaterThanOrEqual(4.5)
    // Non-text contrast (WCAG 1.4.11): field borders and the focus ring against the card.
    expect(contrast(p['--field-border'], p['--card'])).toBeGreaterThanOrEqual(3)
    expect(contrast(p['--focus'], p['--card'])).toBeGreaterThanOrEqual(3)
    expect(contrast(p['--brand-text'], p['--brand'])).toBeGreaterThanOrEqual(4.5)
  })

  it('uses a valid brandColor and buttonText', () => {
    const text = css({ colorScheme: 'light', brandColor: '#0b7a75', buttonText: '#ffffff' })
    expect(text).toContain('--brand:rgb(11, 122, 117);--brand-text:rgb(255, 255, 255)')
  })

  it('picks a readable button text when buttonText is missing or too faint', () => {
    expect(css({ colorScheme: 'light', brandColor: '#ffd700' })).toContain('--brand-text:rgb(0, 0, 0)')
    expect(css({ colorScheme: 'light', brandColor: '#ffd700', buttonText: '#ffffff' })).toContain(
      '--brand-text:rgb(0, 0, 0)',
    )
  })

  it.each([
    'red;}</style><script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'url(https://evil.example/x)',
    'red; background-image: url(https://evil.example/x)',
  ])('ignores the invalid colour %j in brandColor and buttonText', (bad) => {
    const text = css({ colorScheme: 'light', brandColor: bad, buttonText: bad })
    expect(text).toBe(css({ colorScheme: 'light' }))
    expect(text).not.toMatch(/script|onerror|url\(|evil/i)
  })

  it('appends extra CSS, and refuses any that contains "<"', () => {
    expect(css({}, '.x{color:red}')).toMatch(/\.x\{color:red\}<\/style>$/)
    expect(() => css({}, '</style><script>')).toThrow(TypeError)
  })

  it('keeps inputs at 16px and the card fluid, so phones neither zoom nor scroll sideways', () => {
    const text = css({})
    expect(text).toMatch(/input\{[^}]*font-size:1rem/)
    expect(text).toMatch(/\.card\{width:100%;max-width:24rem/)
    expect(text).toMatch(/:focus-visible\{outline:3px solid var\(--focus\)/)
  })
})
