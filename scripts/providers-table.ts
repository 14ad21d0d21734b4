/**
 * Generates the table of built-in OAuth/OIDC providers in `docs/providers/oauth.md` from the presets themselves,
 * and, run as `npm run providers:table`, writes it between the `providers-table` markers of that page. A test
 * compares the page with `providersTable()`, so the table cannot drift from the presets.
 *
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { OAuthConfig } from '../src/providers/provider-types.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The page that holds the table. */
export const TABLE_PAGE = 'docs/providers/oauth.md'

/** The markers the table is written between in {@link TABLE_PAGE}. */
export const MARKERS = ['<!-- providers-table:start -->', '<!-- providers-table:end -->'] as const

/** The scope sent when a preset names none (authorization-url.ts adds it). */
const DEFAULT_SCOPE = 'openid profile email'

function scopeOf(config: OAuthConfig): string {
  const options = (config.options ?? {}) as Partial<OAuthConfig>
  for (const endpoint of [options.authorization, config.authorization]) {
    if (typeof endpoint === 'object' && endpoint !== null) {
      const scope = endpoint.params?.['scope']
      if (typeof scope === 'string') return scope
    }
    const url = typeof endpoint === 'string' ? endpoint : endpoint?.url
    if (typeof url === 'string' && url.startsWith('http')) {
      const fromQuery = new URL(url).searchParams.get('scope')
      if (fromQuery !== null) return fromQuery
    }
  }
  return DEFAULT_SCOPE
}

/** The markdown table of every OAuth/OIDC preset in `src/providers`, one row per module, sorted by module. */
export async function providersTable(): Promise<string> {
  const dir = join(root, 'src/providers')
  const modules = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -'.ts'.length))
    .filter((m) => m !== 'credentials' && m !== 'provider-types')
    .sort()
  const lines = [
    '| Import `gatehouse-auth/providers/…` | id | Name | Protocol | Default scopes | Checks | User id (`providerAccountId`) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const module of modules) {
    const mod = (await import(pathToFileURL(join(dir, `${module}.ts`)).href)) as {
      default?: (options: object) => OAuthConfig
      userId: string
    }
    // Modules without a builder (the `gatehouse-auth/providers` types and id lists) are not presets.
    if (typeof mod.default !== 'function') continue
    const config = mod.default({})
    // Other kinds (WebAuthn, passkey) live beside the presets; the table lists OAuth and OIDC only.
    if (config.type !== 'oauth' && config.type !== 'oidc') continue
    const checks = (config.checks ?? ['pkce']).join(', ')
    const scope = scopeOf(config)
    const name = config.renamedTo ? `${config.name} (retired: use \`${config.renamedTo}\`)` : config.name
    lines.push(
      `| \`${module}\` | \`${config.id}\` | ${name} | ${config.type} | ${scope ? `\`${scope}\`` : '(none)'} | ${checks} | ${mod.userId} |`,
    )
  }
  return lines.join('\n')
}

/** The page's text with the table between the markers replaced. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(MARKERS[0])
  const end = readme.indexOf(MARKERS[1])
  if (start < 0 || end < start) throw new Error(`${TABLE_PAGE} lacks the ${MARKERS.join(' … ')} markers`)
  return `${readme.slice(0, start + MARKERS[0].length)}\n\n${table}\n\n${readme.slice(end)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = join(root, TABLE_PAGE)
  writeFileSync(path, withTable(readFileSync(path, 'utf8'), await providersTable()))
}
