/**
 * Nothing public goes undocumented: every `package.json#exports` entry has its row in docs/entry-points.md (and every
 * provider module its name, there or in the provider table of docs/providers/oauth.md), and every configuration
 * option (the keys of `AuthConfig`, and the members of its option objects) its row in docs/configuration.md.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configOptions, type ConfigOption } from './config-options.js'
import { root } from './markdown-blocks.js'

const read = (path: string) => readFileSync(join(root, path), 'utf8')
const pkg = JSON.parse(read('package.json')) as { exports: Record<string, unknown> }

/** Provider modules that are not public builders, as in test/http/package-exports.test.ts. */
const PRIVATE_PROVIDER_MODULES = new Set([
  'provider-types',
  'index',
  'provider-ids',
  'relaying-party',
  'password-feature',
])

/** The rows of the first table after `heading` on a page: each row's cells, as written. */
export function tableAfter(page: string, heading: string): string[][] {
  const lines = page.split('\n')
  const at = lines.findIndex((l) => l.trim() === heading)
  if (at < 0) return []
  const rows: string[][] = []
  let i = lines.findIndex((l, n) => n > at && l.startsWith('|'))
  if (i < 0) return []
  for (; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!.split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.replace(/\\\|/g, '|').trim())
    if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells)
  }
  return rows.slice(1) // the header
}

/** The code spans of a text, with `{a,b}` groups expanded (`providers/{resend,loops}`). */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`+([^`]+?)`+/g)].flatMap((m) => {
    const span = m[1]!.trim()
    const group = /^(.*)\{([^}]+)\}(.*)$/.exec(span)
    return group ? group[2]!.split(',').map((part) => `${group[1]}${part.trim()}${group[3]}`) : [span]
  })
}

/** The `package.json#exports` subpaths (as imports) that docs/entry-points.md does not name in its table. */
export function undocumentedExports(
  entryPoints: string,
  oauthPage: string,
  providerModules: string[],
): string[] {
  const named = new Set(tableAfter(entryPoints, '## Entry points').flatMap((row) => codeSpans(row[0] ?? '')))
  const presets = new Set(
    tableAfter(oauthPage, '<!-- providers-table:start -->').flatMap((r) => codeSpans(r[0]!)),
  )
  const missing: string[] = []
  for (const [key, target] of Object.entries(pkg.exports)) {
    // `null` takes a module out of a pattern: nothing to document.
    if (key === './package.json' || target === null) continue
    const name = `gatehouse-auth${key.slice(1)}`
    if (!key.includes('*')) {
      if (!named.has(name)) missing.push(name)
      continue
    }
    // `./providers/*`: each public module, by its import in the table or by its row in the provider table.
    const prefix = name.slice(0, name.indexOf('*'))
    if (!named.has(name.replace('*', '<id>'))) missing.push(name.replace('*', '<id>'))
    for (const module of providerModules) {
      if (!named.has(`${prefix}${module}`) && !presets.has(module)) missing.push(`${prefix}${module}`)
    }
  }
  return missing
}

/** The options that the Options table of docs/configuration.md does not document. */
export function undocumentedOptions(configuration: string, options: readonly ConfigOption[]): string[] {
  const rows = tableAfter(configuration, '## Options')
  const firstCells = rows.map((r) => codeSpans(r[0] ?? ''))
  // A row is about `parent` when its first cell names `parent` or `parent.something`.
  const about = (parent: string) =>
    rows.filter((_, i) => firstCells[i]!.some((s) => s === parent || s.startsWith(`${parent}.`)))
  return options
    .filter((option) => {
      if (option.parent === undefined) return about(option.name).length === 0
      if (firstCells.some((cells) => cells.includes(option.path))) return false
      // Nested options listed in their parent's row: `pages.signIn`, `signOut`, …, or `{ colorScheme, logo }`.
      const word = new RegExp(`(^|[^\\w.])${option.name.replace(/[[\]]/g, '\\$&')}\\b`)
      return !about(option.parent).some((row) => codeSpans(row.join(' | ')).some((s) => word.test(s)))
    })
    .map((o) => o.path)
}

const providerModules = readdirSync(join(root, 'src/providers'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3))
  .filter((m) => !PRIVATE_PROVIDER_MODULES.has(m))
const entryPoints = read('docs/entry-points.md')
const oauthPage = read('docs/providers/oauth.md')
const configuration = read('docs/configuration.md')
const options = configOptions()

describe('every export is documented', () => {
  it('finds the exports and provider modules (the scan is not vacuous)', () => {
    expect(Object.keys(pkg.exports).length).toBeGreaterThan(20)
    expect(providerModules).toEqual(expect.arrayContaining(['github', 'credentials', 'passkey', 'resend']))
  })

  it('each package.json#exports entry, and each provider module, in docs/entry-points.md or the provider table', () => {
    expect(undocumentedExports(entryPoints, oauthPage, providerModules)).toEqual([])
  })

  it('notices an entry point or a provider missing from the docs', () => {
    const withoutHono = entryPoints.replace(/^\| `gatehouse-auth\/hono` \|.*\n/m, '')
    expect(withoutHono).not.toBe(entryPoints)
    const withoutGitHub = oauthPage.replace(/^\| `github` \|.*\n/m, '')
    expect(withoutGitHub).not.toBe(oauthPage)
    expect(undocumentedExports(withoutHono, withoutGitHub, providerModules)).toEqual([
      'gatehouse-auth/hono',
      'gatehouse-auth/providers/github',
    ])
  })
})

describe('every configuration option is documented', () => {
  it('finds the options of AuthConfig, nested ones included (the scan is not vacuous)', () => {
    const paths = options.map((o) => o.path)
    expect(paths).toEqual(
      expect.arrayContaining(['providers', 'session.maxAge', 'pages.newUser', 'theme.logo', '[customFetch]']),
    )
    expect(paths).not.toContain('adapter.createUser')
  })

  it('each in the Options table of docs/configuration.md', () => {
    expect(undocumentedOptions(configuration, options)).toEqual([])
  })

  it('notices an option, or a nested option, missing from the table', () => {
    const edited = configuration
      .replace(/^\| `adapterTimeout` \|.*\n/m, '')
      .replace('`verifyRequest`, `newUser`', '`verifyRequest`')
      .replace('colorScheme:', 'scheme:')
    expect(undocumentedOptions(edited, options).sort()).toEqual(
      ['adapterTimeout', 'pages.newUser', 'theme.colorScheme'].sort(),
    )
  })
})
