import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import type { OAuthConfig } from '../../src/providers/provider-types.js'
import type { WarningCode } from '../../src/types.js'

// The list of providers comes from @auth/core 0.41.3 itself (a devDependency): each module's default export is
// called and its `type` read, so a provider Auth.js adds shows up here without anyone editing a list.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const authDir = join(root, 'node_modules/@auth/core/providers')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { default: string }>
}
const OPTIONS = {
  clientId: 'id',
  clientSecret: 'secret',
  issuer: 'https://issuer.example',
  accountID: 'acct',
}

interface AuthJsProvider {
  module: string
  config: { id: string; name: string; type: string }
  deprecated: boolean
}

async function authJsProviders(): Promise<AuthJsProvider[]> {
  const out: AuthJsProvider[] = []
  for (const file of readdirSync(authDir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(authDir, file), 'utf8')
    let mod: { default?: unknown }
    try {
      mod = (await import(pathToFileURL(join(authDir, file)).href)) as { default?: unknown }
    } catch (error) {
      // A sender whose peer dependency (nodemailer) is absent here: its source must name no OAuth kind.
      expect(text).not.toMatch(/type: "(oauth|oidc)"/)
      expect(String(error)).toMatch(/Cannot find package/)
      continue
    }
    if (typeof mod.default !== 'function') continue // index, oauth and provider-types are helpers
    let config: AuthJsProvider['config']
    try {
      config = (mod.default as (o: object) => AuthJsProvider['config'])({ ...OPTIONS })
    } catch (error) {
      // A sender that refuses to be built without its own options (Nodemailer: `server`): not an OAuth kind.
      expect(text).not.toMatch(/type: "(oauth|oidc)"/)
      expect(String(error)).toMatch(/requires/)
      continue
    }
    out.push({ module: file.slice(0, -'.js'.length), config, deprecated: /@deprecated/.test(text) })
  }
  return out
}

const all = await authJsProviders()
const oauth = all.filter((p) => p.config.type === 'oauth' || p.config.type === 'oidc')

describe('parity with @auth/core 0.41.3 providers', () => {
  it('reads @auth/core 0.41.3, and finds its OAuth/OIDC modules among the others', () => {
    const version = (
      JSON.parse(readFileSync(join(root, 'node_modules/@auth/core/package.json'), 'utf8')) as {
        version: string
      }
    ).version
    expect(version).toBe('0.41.3')
    expect(oauth.length).toBeGreaterThan(80)
    expect(all.length).toBeGreaterThan(oauth.length) // credentials, e-mail and WebAuthn kinds are filtered out
  })

  it.each(oauth.map((p) => [p.module, p] as const))(
    'gatehouse-auth/providers/%s exists with the same id, name and type',
    async (module, theirs) => {
      const target = pkg.exports['./providers/*']!.default.replace('*', module)
      expect(target).toBe(`./dist/providers/${module}.js`)
      const source = join(root, 'src/providers', `${module}.ts`)
      expect(existsSync(source)).toBe(true)
      const ours = (
        (await import(pathToFileURL(source).href)) as { default: (o: object) => OAuthConfig }
      ).default({
        ...OPTIONS,
      })
      expect({ id: ours.id, name: ours.name, type: ours.type }).toEqual({
        id: theirs.config.id,
        name: theirs.config.name,
        type: theirs.config.type,
      })
    },
  )

  it('keeps every provider Auth.js marks deprecated, with the id to move to', async () => {
    const deprecated = oauth.filter((p) => p.deprecated).map((p) => p.module)
    expect(deprecated.length).toBeGreaterThan(0)
    for (const module of deprecated) {
      const ours = (
        (await import(`../../src/providers/${module}.ts`)) as { default: (o: object) => OAuthConfig }
      ).default({ ...OPTIONS })
      expect(typeof ours.renamedTo).toBe('string')
      expect(existsSync(join(root, 'src/providers', `${ours.renamedTo}.ts`))).toBe(true)
    }
  })
})

describe('a retired provider id', () => {
  async function warningsFor(module: string): Promise<Array<[WarningCode, string | undefined]>> {
    const warnings: Array<[WarningCode, string | undefined]> = []
    const preset = (
      (await import(`../../src/providers/${module}.ts`)) as { default: (o: object) => OAuthConfig }
    ).default({ clientId: 'id', clientSecret: 'secret', issuer: 'https://issuer.example' })
    const res = await Auth(new Request('https://app.example.com/auth/providers'), {
      secret: 'renamed-providers-secret-0123456789abcdef',
      trustHost: true,
      providers: [preset],
      logger: { warn: (code, message) => warnings.push([code, message]) },
    })
    expect(res.status).toBe(200)
    const listed = (await res.json()) as Record<string, unknown>
    expect(Object.keys(listed)).toEqual([preset.id]) // still works under its old id
    return warnings.filter(([code]) => code === 'provider-renamed')
  }

  it.each([
    ['azure-ad', 'microsoft-entra-id'],
    ['azure-devops', 'microsoft-entra-id'],
    ['identity-server4', 'duende-identity-server6'],
  ])('%s works and warns to use %s', async (module, replacement) => {
    const warnings = await warningsFor(module)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![1]).toContain(`"${replacement}"`)
    expect(warnings[0]![1]).toContain(`gatehouse-auth/providers/${replacement}`)
  })

  it('a current id gives no such warning', async () => {
    expect(await warningsFor('microsoft-entra-id')).toEqual([])
  })
})
