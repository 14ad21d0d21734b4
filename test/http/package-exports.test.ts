/**
 * `package.json#exports` and the public folders agree, so there is one list (conventions: "hand-kept entry lists
 * that drift from package.json#exports" is what we avoid). Public: the root, every subpath in `exports`, and each
 * provider builder in src/providers (any depth, for presets such as providers/oauth/github.ts).
 * Private: src/lib (never exported), and `providers/provider-types.ts`, which holds only types (re-exported from
 * the root) and must stay free of runtime exports, since the `./providers/*` pattern reaches it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | null | { types?: string; default?: string }>
  files?: string[]
}

/**
 * Provider modules that are deliberately not public builders: types, and the modules behind `gatehouse-auth/providers`
 * (excluded from the `./providers/*` pattern with `null`).
 */
const PRIVATE_PROVIDER_MODULES = [
  'provider-types',
  'index',
  'provider-ids',
  'relaying-party',
  'password-feature',
]

/** `./dist/x/y.js` → `src/x/y.ts` (and `.d.ts` → `.ts`). */
function toSource(target: string): string {
  expect(target, target).toMatch(/^\.\/dist\/.+\.(d\.ts|js)$/)
  return target.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$|\.js$/, '.ts')
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

const sourceFiles = walk(join(root, 'src'))
  .filter((p) => p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts'))
  .map((p) => relative(root, p))

/** Resolves `gatehouse-auth/<subpath>` through `exports` as Node does (exact keys, then one-`*` patterns); src path or null. */
function resolveSubpath(subpath: string): string | null {
  const key = subpath === '' ? '.' : `./${subpath}`
  const exact = pkg.exports[key]
  const pick = (entry: (typeof pkg.exports)[string] | undefined, star?: string): string | null => {
    if (entry === null || entry === undefined) return null
    const target = typeof entry === 'string' ? entry : entry.default
    if (target === undefined) return null
    return toSource(star === undefined ? target : target.replace('*', star))
  }
  if (exact !== undefined) return pick(exact)
  const patterns = Object.keys(pkg.exports)
    .filter((k) => k.includes('*'))
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'))
  for (const pattern of patterns) {
    const [prefix = '', suffix = ''] = pattern.split('*')
    if (key.startsWith(prefix) && key.endsWith(suffix) && key.length >= prefix.length + suffix.length) {
      return pick(pkg.exports[pattern], key.slice(prefix.length, key.length - suffix.length))
    }
  }
  return null
}

describe('package.json#exports', () => {
  it('every subpath maps types and default to the same existing src entry module', () => {
    for (const [key, entry] of Object.entries(pkg.exports)) {
      if (key === './package.json' || entry === null) continue
      expect(typeof entry, key).toBe('object')
      const { types, default: main } = entry as { types?: string; default?: string }
      expect(types, `${key} types`).toBeDefined()
      expect(main, `${key} default`).toBeDefined()
      expect(toSource(types!), key).toBe(toSource(main!))
      // `types` must come first: TypeScript picks the first matching condition.
      expect(Object.keys(entry as object)[0], key).toBe('types')
      if (!key.includes('*'))
        expect(existsSync(join(root, toSource(main!))), `${key} → ${toSource(main!)}`).toBe(true)
    }
  })

  it('only dist/ is published, and nothing in src/lib is exported', () => {
    // The sources go along so that the source maps of dist/ resolve; tests stay home.
    expect(pkg.files).toStrictEqual(['dist', 'src', '!src/**/*.test.ts'])
    for (const entry of Object.values(pkg.exports)) {
      expect(JSON.stringify(entry)).not.toMatch(/dist\/lib\//)
    }
  })

  it('the root and the documented entry points resolve', () => {
    expect(resolveSubpath('')).toBe('src/index.ts')
    expect(resolveSubpath('jwt')).toBe('src/jwt/index.ts')
    expect(resolveSubpath('errors')).toBe('src/errors.ts')
    expect(resolveSubpath('node')).toBe('src/integrations/node/index.ts')
    expect(resolveSubpath('providers/credentials')).toBe('src/providers/credentials.ts')
    // What `@auth/core/types`, `/adapters` and `/providers` become where `@auth/core` is aliased to Gatehouse.
    expect(resolveSubpath('types')).toBe('src/auth-core-types.ts')
    expect(resolveSubpath('adapters')).toBe('src/auth-core-adapters.ts')
    expect(resolveSubpath('providers')).toBe('src/providers/index.ts')
    expect(resolveSubpath('providers/index')).toBeNull()
  })
})

describe('providers', () => {
  const providerModules = sourceFiles
    .filter((p) => p.startsWith('src/providers/'))
    .map((p) => p.slice('src/providers/'.length, -'.ts'.length))
  const publicProviders = providerModules.filter((m) => !PRIVATE_PROVIDER_MODULES.includes(m))

  it('the public list is exactly every provider module but the private ones, and includes credentials', () => {
    expect(publicProviders).toContain('credentials')
    expect([...publicProviders, ...PRIVATE_PROVIDER_MODULES].sort()).toStrictEqual(
      [...providerModules].sort(),
    )
    for (const m of PRIVATE_PROVIDER_MODULES) expect(providerModules, m).toContain(m)
  })

  it.each(sourceFiles.filter((p) => p.startsWith('src/providers/')).map((p) => [p]))(
    '%s is reachable as gatehouse-auth/providers/<name> exactly when it is public',
    (file) => {
      const name = file.slice('src/providers/'.length, -'.ts'.length)
      const resolved = resolveSubpath(`providers/${name}`)
      const source = readFileSync(join(root, file), 'utf8')
      if (PRIVATE_PROVIDER_MODULES.includes(name)) {
        // Reachable through the pattern unless excluded with null: then it must have nothing to import at runtime.
        if (resolved !== null) {
          expect(source).not.toMatch(/^export (default|const|let|var|function|class|async function|\{)/m)
        }
      } else {
        expect(resolved).toBe(file)
        expect(source, `${file} must default-export its builder`).toMatch(/^export default /m)
      }
    },
  )

  it('the types of provider-types are re-exported from the root', () => {
    const index = readFileSync(join(root, 'src/index.ts'), 'utf8')
    const types = [
      ...readFileSync(join(root, 'src/providers/provider-types.ts'), 'utf8').matchAll(
        /^export (?:interface|type) (\w+)/gm,
      ),
    ].map((m) => m[1]!)
    const reexported = [
      'CredentialInput',
      'CredentialsConfig',
      'EmailConfig',
      'OAuthConfig',
      'OIDCConfig',
      'ProviderConfig',
      'ProviderStyle',
      'WebAuthnConfig',
    ]
    for (const t of reexported) {
      expect(types, t).toContain(t)
      expect(index, t).toMatch(new RegExp(`\\b${t}\\b`))
    }
  })
})

describe('modules that call themselves public', () => {
  // Every `gatehouse-auth/<subpath>` a source file names (module docs, @example imports) must be a real entry point.
  const named = new Map<string, string[]>()
  for (const file of sourceFiles) {
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(
      /['"`]gatehouse-auth\/([a-z0-9][a-z0-9/_-]*)['"`]/g,
    )) {
      const list = named.get(m[1]!) ?? []
      list.push(file)
      named.set(m[1]!, list)
    }
  }

  it('finds the ones we know about (the scan is not vacuous)', () => {
    expect([...named.keys()]).toEqual(expect.arrayContaining(['jwt', 'node', 'providers/credentials']))
  })

  it.each([...named.keys()].sort().map((s) => [s]))(
    'gatehouse-auth/%s is in package.json#exports',
    (subpath) => {
      const resolved = resolveSubpath(subpath)
      expect(resolved, `named in ${named.get(subpath)!.join(', ')}`).not.toBeNull()
      expect(existsSync(join(root, resolved!)), resolved!).toBe(true)
    },
  )

  it('no gatehouse-auth/lib subpath is named anywhere', () => {
    for (const subpath of named.keys()) expect(subpath.startsWith('lib'), subpath).toBe(false)
  })
})
