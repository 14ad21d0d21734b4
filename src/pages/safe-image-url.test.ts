import { describe, expect, it } from 'vitest'
import { safeImageUrl } from './safe-image-url.js'

describe('safeImageUrl', () => {
  it.each(['https://example.com/logo.svg', 'http://localhost:3000/logo.png', '/logo.svg', ' /img/a.png '])(
    'accepts %j',
    (url) => {
      expect(safeImageUrl(url)).toBe(url.trim())
    },
  )

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'logo.svg',
    '//evil.example/logo.svg',
    '/\\evil.example/logo.svg',
    '/\t/evil.example/logo.svg',
    'https:evil.example',
    'ftp://example.com/logo.png',
    '',
    42,
    undefined,
  ])('refuses %j', (url) => {
    expect(safeImageUrl(url)).toBeUndefined()
  })
})
