import { fileURLToPath } from 'node:url'

/** The example builds from this repository: `gatehouse-auth/*` resolves to the package itself (its `dist/`). */
const root = fileURLToPath(new URL('../../', import.meta.url))

export default {
  poweredByHeader: false,
  // `npm run typecheck` checks this app; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ['better-sqlite3'],
  turbopack: { root },
  outputFileTracingRoot: root,
}
