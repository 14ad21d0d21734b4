/**
 * Generates the README's table of built-in OAuth/OIDC providers from the presets themselves, and, run as
 * `npm run providers:table`, writes it between the `providers-table` markers of README.md. A test compares the
 * README with `providersTable()`, so the table cannot drift from the presets.
 *
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { OAuthConfig } from '../src/providers/provider-types.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The markers the table is written between in README.md. */
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
      default: (options: object) => OAuthConfig
      userId: string
    }
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

/** README.md with the table between the markers replaced. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(MARKERS[0])
  const end = readme.indexOf(MARKERS[1])
  if (start < 0 || end < start) throw new Error(`README.md lacks the ${MARKERS.join(' … ')} markers`)
  return `${readme.slice(0, start + MARKERS[0].length)}\n\n${table}\n\n${readme.slice(end)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = join(root, 'README.md')
  writeFileSync(path, withTable(readFileSync(path, 'utf8'), await providersTable()))
}
