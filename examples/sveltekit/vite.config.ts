import { fileURLToPath } from 'node:url'
import { sveltekit } from '@sveltejs/kit/vite'
import { defineConfig, type Plugin } from 'vite'

/** A file of the repository's own package, so `gatehouse-auth/*` resolves as a self-reference from there. */
const insidePackage = fileURLToPath(new URL('../../src/index.ts', import.meta.url))

/**
 * The example builds from this repository: `gatehouse-auth/*` resolves to the package itself through its
 * `gatehouse-source` condition (the TypeScript sources, bundled into the server), so it needs no `npm run build`.
 * An app that installs gatehouse from npm needs none of this.
 */
function gatehouseFromRepository(): Plugin {
  return {
    name: 'gatehouse-from-repository',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      if (id !== 'gatehouse-auth' && !id.startsWith('gatehouse-auth/')) return null
      return this.resolve(id, insidePackage, { ...options, skipSelf: true })
    },
  }
}

const conditions = (platform: 'node' | 'browser') => [
  'gatehouse-source',
  'module',
  platform,
  'development|production',
]

export default defineConfig({
  plugins: [gatehouseFromRepository(), sveltekit()],
  // Rolldown reports plugins that run long: on a busy two-core machine that measures the machine, not the app.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  resolve: { conditions: conditions('browser') },
  ssr: { resolve: { conditions: conditions('node'), externalConditions: ['node'] } },
})
