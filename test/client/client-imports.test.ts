/**
 * What each entry point pulls in, read from esbuild's metafile: the browser client stays free of server code and
 * Node modules, and the root entry never loads React or Next.js (they are optional peers).
 */
import { describe, expect, test } from 'vitest'
import { bundleInputs as inputsOf } from '../support/bundle-inputs.js'

describe('entry point imports', () => {
  test('gatehouse-auth/client bundles for the browser from src/client alone', async () => {
    const inputs = await inputsOf('src/client/index.ts', 'browser')
    expect(inputs.filter((p) => !p.startsWith('src/client/'))).toEqual([])
  })

  test('gatehouse-auth/react adds only react', async () => {
    const inputs = await inputsOf('src/client/react/index.ts', 'node')
    expect([...new Set(inputs.filter((p) => !p.startsWith('src/client/')))]).toEqual(['react'])
  })

  test('gatehouse (the root) imports neither react nor next', async () => {
    const inputs = await inputsOf('src/index.ts', 'node')
    expect(inputs.filter((p) => /^(react|next)(\/|$)/.test(p))).toEqual([])
    expect(inputs.some((p) => p.startsWith('src/client/'))).toBe(false)
  })
})
