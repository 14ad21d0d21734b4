import type { customFetch } from '../symbols.js'
import type { Provider, ProviderConfig } from '../providers/provider-types.js'
import { flowForType, flows } from '../flows/flow-for.js'
import { providerEnv } from './read-env.js'

type Env = Record<string, string | undefined>

/** A provider after defaults, `options` and environment are applied; never the user's object. */
export type ResolvedProvider = Readonly<ProviderConfig> & { readonly [customFetch]?: typeof fetch }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** Deep-merges plain objects into a new object; arrays, functions and class instances are taken as they are. */
export function mergeDeep(...sources: Array<Record<string, unknown> | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const source of sources) {
    if (!source) continue
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined) continue
      const current = out[key]
      out[key] = isPlainObject(value) && isPlainObject(current) ? mergeDeep(current, value) : value
    }
    for (const sym of Object.getOwnPropertySymbols(source)) {
      ;(out as Record<symbol, unknown>)[sym] = (source as Record<symbol, unknown>)[sym]
    }
  }
  return out
}

/**
 * Turns the configured providers into resolved copies. A provider given as a function is called (with the
 * `AUTH_{ID}_*` values, as Auth.js does); an Auth.js-style provider carrying user `options` has them merged over
 * its defaults; OAuth client id, secret and issuer fall back to the environment.
 */
export function resolveProviders(
  providers: readonly Provider[],
  env: Env,
  problems: string[],
): ResolvedProvider[] {
  const seen = new Set<string>()
  const resolved: ResolvedProvider[] = []
  providers.forEach((provider, index) => {
    let config: ProviderConfig
    try {
      if (typeof provider === 'function') {
        const probe = (provider as (o: object) => ProviderConfig)({})
        const fromEnv = providerEnv(probe.id, env)
        config = (provider as (o: object) => ProviderConfig)(stripUndefined(fromEnv))
      } else {
        config = provider
      }
    } catch (error) {
      problems.push(`providers[${index}]: calling the provider function threw: ${String(error)}`)
      return
    }
    if (!isPlainObject(config) && typeof config !== 'object') {
      problems.push(`providers[${index}]: expected a provider object, got ${typeof config}.`)
      return
    }
    const { options, ...defaults } = config as ProviderConfig & { options?: Record<string, unknown> }
    const merged = mergeDeep(defaults, options) as ProviderConfig
    const flow = flowForType(merged.type)
    flow?.fillFromEnv?.(merged, env)
    const where = `providers[${index}]${typeof merged.id === 'string' ? ` (${merged.id})` : ''}`
    if (typeof merged.id !== 'string' || !/^[A-Za-z0-9._~-]+$/.test(merged.id) || merged.id === 'undefined') {
      problems.push(`${where}: \`id\` must be a non-empty URL-safe string (letters, digits, . _ ~ -).`)
      return
    }
    if (typeof merged.name !== 'string' || merged.name === '') merged.name = merged.id
    if (!flow) {
      problems.push(`${where}: \`type\` must be one of ${Object.keys(flows).join(', ')}.`)
      return
    }
    if (seen.has(merged.id)) {
      problems.push(
        `${where}: another provider has the id "${merged.id}"; give each provider its own \`id\`.`,
      )
      return
    }
    const problem = flow.validate?.(merged)
    if (problem !== undefined) {
      problems.push(`${where}: ${problem}`)
      return
    }
    seen.add(merged.id)
    resolved.push(Object.freeze(merged))
  })
  return resolved
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
