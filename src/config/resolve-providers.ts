import type { ResolvedProvider } from './resolved-provider.js'
import type { Provider, ProviderConfig } from '../providers/provider-types.js'
import { flowForType, flows } from '../flows/flow-for.js'
import type { FlowConfigProblem, SignInFlow } from '../flows/sign-in-flow.js'
import type { ReportIssue } from './config-issues.js'
import { mergeDeep } from '../lib/merge-deep.js'
import { providerEnv } from '../lib/provider-env.js'

type Env = Record<string, string | undefined>

export type { ResolvedProvider } from './resolved-provider.js'

/** The resolved providers, how issues name them, and the kind of every provider whose type is known. */
export interface ProviderList {
  readonly providers: readonly ResolvedProvider[]
  /** How an issue names each provider: `providers[2] (github)`. */
  readonly labels: ReadonlyMap<ResolvedProvider, string>
  /** The kind of every configured provider with a known type, the ones refused for another problem included. */
  readonly kinds: readonly SignInFlow[]
}

/** `problem` and `fix` of a flow's finding; a flow that reports one sentence says what is needed in it. */
function flowIssue(found: string | FlowConfigProblem): FlowConfigProblem {
  return typeof found === 'string' ? { problem: found, fix: '' } : found
}

/** Calls a provider given as a function the way Auth.js does: once to learn its id, once with `AUTH_{ID}_*`. */
function callProvider(provider: (options: object) => ProviderConfig, env: Env): ProviderConfig {
  const probe = provider({})
  const id = (probe as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') return probe
  return provider(stripUndefined(providerEnv(id, env)))
}

/**
 * Turns the configured providers into resolved copies. A provider given as a function (an uncalled preset,
 * `providers: [GitHub]`) is called with the `AUTH_{ID}_*` values, as Auth.js does; an Auth.js-style provider
 * carrying user `options` has them merged over its defaults; OAuth client id, secret and issuer fall back to the
 * environment. A provider with a problem is reported and left out.
 */
export function resolveProviders(
  providers: readonly Provider[],
  env: Env,
  report: ReportIssue,
): ProviderList {
  const seen = new Set<string>()
  const resolved: ResolvedProvider[] = []
  const labels = new Map<ResolvedProvider, string>()
  const kinds: SignInFlow[] = []
  providers.forEach((provider, index) => {
    let config: ProviderConfig
    try {
      config = typeof provider === 'function' ? callProvider(provider, env) : (provider as ProviderConfig)
    } catch (error) {
      report({
        option: `providers[${index}]`,
        problem: `calling the provider function threw: ${String(error)}`,
        fix: 'Fix the provider function, or pass the provider object it returns.',
      })
      return
    }
    if (typeof config !== 'object' || config === null) {
      report({
        option: `providers[${index}]`,
        problem: `is ${config === null ? 'null' : `a ${typeof config}`}, not a provider.`,
        fix: 'Pass a provider object, or a preset such as GitHub (called or not).',
      })
      return
    }
    const { options, ...defaults } = config as ProviderConfig & { options?: Record<string, unknown> }
    const merged = mergeDeep(defaults, options) as ProviderConfig
    const flow = flowForType(merged.type)
    if (flow) kinds.push(flow)
    flow?.fillFromEnv?.(merged, env)
    const where = `providers[${index}]${typeof merged.id === 'string' ? ` (${merged.id})` : ''}`
    if (typeof merged.id !== 'string' || !/^[A-Za-z0-9._~-]+$/.test(merged.id) || merged.id === 'undefined') {
      report({
        option: `${where}.id`,
        problem: 'is not a non-empty URL-safe string.',
        fix: 'Use letters, digits, ".", "_", "~" and "-" only.',
      })
      return
    }
    if (typeof merged.name !== 'string' || merged.name === '') merged.name = merged.id
    if (!flow) {
      report({
        option: `${where}.type`,
        problem: `"${String(merged.type)}" is not a provider type.`,
        fix: `Use one of ${Object.keys(flows).join(', ')}.`,
      })
      return
    }
    if (seen.has(merged.id)) {
      report({
        option: where,
        problem: `another provider has the id "${merged.id}".`,
        fix: 'Give each provider its own `id`.',
      })
      return
    }
    const found = flow.validate?.(merged)
    if (found !== undefined) {
      report({ option: where, ...flowIssue(found) })
      return
    }
    seen.add(merged.id)
    const frozen = Object.freeze(merged)
    resolved.push(frozen)
    labels.set(frozen, where)
  })
  return { providers: resolved, labels, kinds }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
