/** The examples share one style sheet and one icon; Next.js and SvelteKit keep the icon where their conventions want it. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const file = (path: string) => readFileSync(new URL(`../../examples/${path}`, import.meta.url))

describe('the examples’ shared assets', () => {
  it('Next.js (app/favicon.ico) and SvelteKit (static/favicon.ico) serve the shared icon, unchanged', () => {
    const icon = file('shared/favicon.ico')
    expect(file('next/app/favicon.ico').equals(icon)).toBe(true)
    expect(file('sveltekit/static/favicon.ico').equals(icon)).toBe(true)
  })

  it('the style sheet fetches nothing (no @import, no url()), so no page needs more than its own origin', () => {
    expect(file('shared/example.css').toString()).not.toMatch(/@import|url\(/)
  })
})
