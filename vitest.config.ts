import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: the browser and server suites fight for CPU when run wide.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'gatehouse',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/**/*.alias.test.ts'],
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
