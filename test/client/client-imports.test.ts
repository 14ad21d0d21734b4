/**
 * What each entry point pulls in, read from esbuild's metafile: the browser client stays free of server code and
 * Node modules, and the root entry never loads React or Next.js (they are optional peers).
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

async function inputsOf(entry: string, platform: 'browser' | 'node'): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform,
    format: 'esm',
    packages: platform === 'node' ? 'external' : 'bundle',
    logLevel: 'silent',
  })
  return [
    ...Object.keys(result.metafile.inputs),
    ...Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)),
  ]
}

describe('entry point imports', () => {
  test('gatehouse/client bundles for the browser from src/client alone', async () => {
    const inputs = await inputsOf('src/client/index.ts', 'browser')
    expect(inputs.filter((p) => !p.startsWith('src/client/'))).toEqual([])
  })

  test('gatehouse/react adds only react', async () => {
    const inputs = await inputsOf('src/client/react/index.ts', 'node')
    expect([...new Set(inputs.filter((p) => !p.startsWith('src/client/')))]).toEqual(['react'])
  })

  test('gatehouse (the root) imports neither react nor next', async () => {
    const inputs = await inputsOf('src/index.ts', 'node')
    expect(inputs.filter((p) => /^(react|next)(\/|$)/.test(p))).toEqual([])
    expect(inputs.some((p) => p.startsWith('src/client/'))).toBe(false)
  })
})
