/**
 * The examples are what a newcomer copies: they import Gatehouse by its package name only, never a path into this
 * repository's `src/` (which an application installing the package does not have).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const source = join(root, 'src')
const skipped = new Set(['node_modules', '.next', '.svelte-kit', 'build', '.data'])

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return /\.(ts|tsx|js|mjs|svelte)$/.test(entry.name) ? [path] : []
  })
}

const files = walk(join(root, 'examples'))
// Static imports and re-exports, dynamic imports.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

describe('examples', () => {
  it('are found (the scan is not vacuous)', () => {
    expect(files.some((f) => f.endsWith('examples/next/start-example.ts'))).toBe(true)
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files.map((f) => [relative(root, f)]))('%s imports nothing from src/', (file) => {
    const text = readFileSync(join(root, file), 'utf8')
    const intoSource = [...text.matchAll(specifiers)]
      .map((m) => m[1]!)
      .filter((s) => s.startsWith('.') && resolve(dirname(join(root, file)), s).startsWith(source + '/'))
    expect(intoSource).toEqual([])
  })
})
