/**
 * What the SvelteKit entry points pull in, read from esbuild's metafile: the root entry never loads `@sveltejs/kit`
 * (an optional peer), and `gatehouse-auth/sveltekit/client` bundles for the browser without server code or kit.
 */
import { describe, expect, test } from 'vitest'
import { bundleInputs as inputsOf } from '../support/bundle-inputs.js'

describe('SvelteKit entry point imports', () => {
  test('gatehouse (the root) does not import @sveltejs/kit or the SvelteKit wrapper', async () => {
    const inputs = await inputsOf('src/index.ts', 'node')
    expect(inputs.filter((p) => p.startsWith('@sveltejs/') || p.includes('sveltekit'))).toEqual([])
  })

  test('gatehouse-auth/sveltekit/client bundles for the browser from src/client alone', async () => {
    const inputs = await inputsOf('src/integrations/sveltekit/client.ts', 'browser')
    expect(
      inputs.filter((p) => !p.startsWith('src/client/') && p !== 'src/integrations/sveltekit/client.ts'),
    ).toEqual([])
  })

  test('gatehouse-auth/sveltekit imports @sveltejs/kit itself (one copy with the app, for redirect())', async () => {
    const inputs = await inputsOf('src/integrations/sveltekit/index.ts', 'node')
    expect(inputs).toContain('@sveltejs/kit')
  })
})
