/** `gatehouse-auth/webauthn` bundles for the browser from `src/client` and `@simplewebauthn/browser` alone. */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

test('gatehouse-auth/webauthn pulls in no server code and no Node module', async () => {
  const result = await build({
    entryPoints: ['src/client/webauthn/index.ts'],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  })
  const inputs = Object.keys(result.metafile.inputs)
  expect(
    inputs.filter(
      (p) => !p.startsWith('src/client/') && !p.includes('node_modules/@simplewebauthn/browser/'),
    ),
  ).toEqual([])
  expect(inputs).toContain('src/client/webauthn/webauthn-sign-in.ts')
})
