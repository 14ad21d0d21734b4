/**
 * Runs Auth.js's own suites, read from a snapshot of the next-auth repository outside this tree, against
 * Gatehouse's public entry points, as an application that aliases `@auth/core` to Gatehouse would. Started by
 * `scripts/authjs-suites.sh`, which checks the snapshot first; nothing of the snapshot is kept here.
 */
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('../../', import.meta.url))
const snapshot = resolve(process.env.AUTHJS_SNAPSHOT ?? '')
const core = resolve(snapshot, 'packages/core')
const coreTests = resolve(core, 'test')

type ExportTarget = string | { [condition: string]: ExportTarget }
const exportsMap = (
  JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportTarget>
  }
).exports

/** The source file behind one of Gatehouse's `package.json#exports` subpaths; only exported subpaths resolve. */
function entryPoint(subpath: string): string {
  for (const [key, target] of Object.entries(exportsMap)) {
    const star = key.indexOf('*')
    const match =
      star < 0
        ? key === subpath && ''
        : subpath.startsWith(key.slice(0, star)) &&
          subpath.endsWith(key.slice(star + 1)) &&
          subpath.slice(star, subpath.length - (key.length - star - 1))
    if (match === false) continue
    if (typeof target === 'string' || typeof target['gatehouse-source'] !== 'string') break
    return resolve(root, target['gatehouse-source'].replace('*', match))
  }
  throw new Error(`gatehouse-auth has no entry point ${subpath} (package.json#exports)`)
}

/**
 * Where an import of Auth.js's public API, written in the suite as a path into `packages/core`, lands: the
 * same subpath of Gatehouse. `src/lib/utils/env` is where Auth.js's test reaches `createActionURL` and
 * `setEnvDefaults`, which are public exports of `@auth/core`.
 */
const publicApi: Record<string, string> = {
  src: '.',
  'src/index': '.',
  'src/lib/utils/env': '.',
  jwt: './jwt',
  'src/jwt': './jwt',
  'src/errors': './errors',
  'src/adapters': './adapters',
  'src/types': './types',
  'src/providers': './providers',
  'src/providers/index': './providers',
}

function gatehouseFor(importer: string, source: string): string | undefined {
  const target = relative(core, resolve(dirname(importer), source))
    .split(sep)
    .join('/')
    .replace(/\.(js|ts)$/, '')
  const subpath = publicApi[target] ?? (/^src\/providers\/[\w-]+$/.test(target) && `./${target.slice(4)}`)
  return subpath ? entryPoint(subpath) : undefined
}

/**
 * Auth.js's tests import its public API by relative path: those imports go to Gatehouse. Every other import of the
 * snapshot (its own helpers, the internal modules a unit test pokes at) stays in the snapshot, and its packages
 * (`vitest`, `jose`, `pg`, …) resolve from this repository's `node_modules`, the snapshot having none.
 */
function aliasAuthCore(): Plugin {
  const fromRoot = resolve(root, 'package.json')
  return {
    name: 'gatehouse:alias-auth-core',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !importer.startsWith(snapshot + sep)) return null
      if (source.startsWith('.')) {
        return importer.startsWith(coreTests + sep) ? (gatehouseFor(importer, source) ?? null) : null
      }
      if (source.startsWith('/') || source.startsWith('\0') || source.startsWith('node:')) return null
      const resolved = await this.resolve(source, fromRoot, { ...options, skipSelf: true })
      return (
        resolved ??
        this.resolve(source, resolve(root, 'node_modules/@auth/core/package.json'), {
          ...options,
          skipSelf: true,
        })
      )
    },
  }
}

/** Resolves the suite's own driver's import of Auth.js's shared adapter suite to the snapshot. */
function adapterSuite(): Plugin {
  return {
    name: 'gatehouse:authjs-adapter-suite',
    enforce: 'pre',
    resolveId: (source) =>
      source === 'authjs-snapshot/adapter' ? resolve(snapshot, 'packages/utils/adapter.ts') : null,
  }
}

/**
 * The black-box part of `packages/core/test`: tests of what Gatehouse provides (`Auth`, `createActionURL`,
 * `setEnvDefaults`, `encode`/`decode`/`getToken`, the provider objects, the error classes). Left out, by full name,
 * are the unit tests of Auth.js's internal modules: they test Auth.js's own code (`merge`, `defaultNormalizer`,
 * `parseActionAndProviderId`, the pages renderer, `getUserAndAccount`, the OAuth check-cookie helpers, the helpers
 * of `webauthn-utils`), or check which class of error that internal code throws, against Gatehouse's class of the
 * same name. The `webauthn-utils` tests that run Auth.js's ceremony code on Gatehouse's provider object stay in.
 */
const coreFiles = [
  'test/jwt.test.ts',
  'test/env.test.ts',
  'test/assert-config.test.ts',
  'test/authorize.test.ts',
  'test/providers/*.test.ts',
  'test/actions/*.test.ts',
  'test/webauthn-utils.test.ts',
]
const internal = [
  'auth via callbacks.signIn oauth callback',
  'OAuth check cookies are bound to their provider',
  'assertInternalOptionsWebAuthn',
  'fromBase64',
  'toBase64',
  'stringToTransports',
  'transportsToString',
  'inferWebAuthnOptions',
  'verifyAuthenticate errors',
  'verifyRegister errors',
  'verifyRegister fails',
]
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const blackBox = new RegExp(`^(?!(?:${internal.map(escape).join('|')})( |$))`)

const conditions = ['gatehouse-source', 'module', 'node', 'development|production']

export default defineConfig({
  plugins: [aliasAuthCore(), adapterSuite()],
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['gatehouse-source', 'node'] } },
  server: { fs: { allow: [root, snapshot] } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    testNamePattern: blackBox,
    projects: [
      {
        extends: true,
        test: {
          name: 'authjs-core',
          root: core,
          include: coreFiles,
        },
      },
      {
        extends: true,
        test: {
          name: 'authjs-adapter',
          root,
          include: ['scripts/authjs-suites/*.authjs.ts'],
        },
      },
    ],
  },
})
