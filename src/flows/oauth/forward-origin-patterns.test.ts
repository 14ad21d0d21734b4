import { describe, expect, it } from 'vitest'
import { compileForwardOrigins, forwardOriginAllowed } from './forward-origin-patterns.js'

describe('redirect-proxy forward origins', () => {
  const { patterns, invalid } = compileForwardOrigins([
    'https://preview.example.com',
    'https://myapp-*-team.vercel.app/',
    'http://localhost:3000',
  ])

  it('accepts exact origins and a `*` inside one host label', () => {
    expect(invalid).toEqual([])
    expect(forwardOriginAllowed('https://preview.example.com', patterns)).toBe(true)
    expect(forwardOriginAllowed('https://myapp-git-fix-team.vercel.app', patterns)).toBe(true)
    expect(forwardOriginAllowed('http://localhost:3000', patterns)).toBe(true)
  })

  it.each([
    'https://preview.example.com.evil.example',
    'https://evil.example',
    'http://preview.example.com',
    'https://myapp-x.evil-team.vercel.app',
    'https://myapp-a.b-team.vercel.app',
    'https://attacker.vercel.app',
    'http://localhost:3001',
  ])('refuses %s', (origin) => {
    expect(forwardOriginAllowed(origin, patterns)).toBe(false)
  })

  it('refuses entries that are not origins, and a bare `*` label that would admit a whole shared domain', () => {
    expect(
      compileForwardOrigins(['https://*.vercel.app', 'evil', 'https://a.example/path', '*']).invalid,
    ).toHaveLength(4)
  })
})
