/**
 * What the SvelteKit entry points pull in, read from esbuild's metafile: the root entry never loads `@sveltejs/kit`
 * (an optional peer), and `gatehouse/sveltekit/client` bundles for the browser without server code or kit.
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

describe('SvelteKit entry point imports', () => {
  test('gatehouse (the root) does not import @sveltejs/kit or the SvelteKit wrapper', async () => {
    const inputs = await inputsOf('src/index.ts', 'node')
    expect(inputs.filter((p) => p.startsWith('@sveltejs/') || p.includes('sveltekit'))).toEqual([])
  })

  test('gatehouse/sveltekit/client bundles for the browser from src/client alone', async () => {
    const inputs = await inputsOf('src/integrations/sveltekit/client.ts', 'browser')
    expect(
      inputs.filter((p) => !p.startsWith('src/client/') && p !== 'src/integrations/sveltekit/client.ts'),
    ).toEqual([])
  })

  test('gatehouse/sveltekit imports @sveltejs/kit itself (one copy with the app, for redirect())', async () => {
    const inputs = await inputsOf('src/integrations/sveltekit/index.ts', 'node')
    expect(inputs).toContain('@sveltejs/kit')
  })
})
