/** `ioredis` is an optional peer: nothing reachable from the core's entries may import it, or the store module. */
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Every source file reachable from `entry` through relative imports (type-only ones included, to be strict). */
function reachable(entry: string): Map<string, string> {
  const seen = new Map<string, string>()
  const queue = [join(root, entry)]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    const text = readFileSync(file, 'utf8')
    seen.set(file, text)
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      queue.push(join(dirname(file), m[1]!.replace(/\.js$/, '.ts')))
    }
  }
  return seen
}

it.each([
  'src/index.ts',
  'src/rate-limit/index.ts',
  'src/stores/index.ts',
  'src/flows/flow-for.ts',
  'src/providers/provider-types.ts',
])('%s does not load ioredis', (entry) => {
  const files = reachable(entry)
  expect(files.size).toBeGreaterThan(0)
  for (const [file, text] of files) {
    expect(/from\s*'ioredis'|import\(\s*'ioredis'\s*\)/.test(text), relative(root, file)).toBe(false)
    expect(file.endsWith('redis-rate-limit-store.ts'), relative(root, file)).toBe(false)
    expect(file.endsWith('redis-store.ts'), relative(root, file)).toBe(false)
  }
})
