import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** `#crypto` (package.json#imports) resolved to the source of one backend, as the runtime's conditions would. */
const crypto = (backend: 'node' | 'web') => ({
  alias: {
    '#crypto': fileURLToPath(
      new URL(`./src/crypto/${backend}/${backend}-crypto-backend.ts`, import.meta.url),
    ),
  },
})

/**
 * The suites that prove the WebCrypto backend byte-compatible with jose and Auth.js: they run a second time with
 * `#crypto` resolved as on an edge runtime (the Node backend's own unit tests excepted).
 */
const webCryptoSuites = [
  'src/crypto/crypto-seam.test.ts',
  'src/jwt/{encode,decode,get-token}.test.ts',
  'src/csrf/**/*.test.ts',
  'src/flows/oauth/stable-user-id.test.ts',
  'test/http/interop-authjs.test.ts',
  'test/http/session-jwt.test.ts',
  'test/session/*-strategy.test.ts',
  'test/http/csrf.test.ts',
  'test/http/cookies.test.ts',
  'test/oauth/oidc-flow.test.ts',
  'test/oauth/callback-checks.test.ts',
  'test/database/memory-flows.test.ts',
  'test/webauthn/webauthn-checks.test.ts',
  'test/email/flow-email-sign-in.test.ts',
]

/**
 * `gatehouse-source` (package.json#exports) makes the examples' `gatehouse-auth/*` imports load `src/`, so the suites
 * that start the demo test the code as it is, not the last build.
 */
const conditions = ['gatehouse-source', 'module', 'node', 'development|production']

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['gatehouse-source', 'node'] } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: the browser and server suites fight for CPU when run wide.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        resolve: crypto('node'),
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/**/*.alias.test.ts'],
          env: { GATEHOUSE_EXPECTED_CRYPTO: 'node' },
        },
      },
      {
        extends: true,
        resolve: crypto('web'),
        test: {
          name: 'webcrypto',
          include: webCryptoSuites,
          env: { GATEHOUSE_EXPECTED_CRYPTO: 'webcrypto' },
        },
      },
      {
        // Wrappers written for @auth/core, run with `@auth/core` resolved to Gatehouse, as an npm alias does.
        extends: true,
        resolve: {
          alias: [
            { find: /^@auth\/core$/, replacement: src('index.ts') },
            { find: /^@auth\/core\/errors$/, replacement: src('errors.ts') },
            { find: /^@auth\/core\/jwt$/, replacement: src('jwt/index.ts') },
            { find: /^#crypto$/, replacement: src('crypto/node/node-crypto-backend.ts') },
          ],
        },
        test: {
          name: 'aliased-auth-core',
          include: ['test/**/*.alias.test.ts'],
          server: { deps: { inline: ['@auth/express'] } },
        },
      },
    ],
  },
})
