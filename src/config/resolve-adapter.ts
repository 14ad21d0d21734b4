import { adapterFor, type AdapterFor } from '../adapters/adapter-for.js'
import type { Adapter } from '../adapters/adapter.js'
import { guardAdapter } from '../adapters/guard-adapter.js'
import { missingAdapterMethods, type AdapterFeature } from '../adapters/missing-adapter-methods.js'
import { flowFor, flowForType } from '../flows/flow-for.js'
import type { SignInFlow } from '../flows/sign-in-flow.js'
import type { ProviderType } from '../providers/provider-types.js'
import type { AuthConfig, SessionOptions } from '../types.js'
import type { ReportIssue } from './config-issues.js'
import type { ProviderList } from './resolve-providers.js'

/** The adapter, wrapped once, and the typed views the features that need it read. */
export interface ResolvedAdapter {
  readonly adapter: Adapter | undefined
  /** Set when the adapter has every method account linking needs. */
  readonly accountAdapter: AdapterFor<'accounts'> | undefined
  /** Set with the `database` strategy (which the configuration then requires an adapter for). */
  readonly sessionAdapter: AdapterFor<'database-sessions'> | undefined
}

/** The message Auth.js logs for a provider kind that cannot work without an adapter. */
const AUTHJS_NEEDS_ADAPTER: Partial<Record<ProviderType, string>> = {
  email: 'Email login requires an adapter',
  webauthn: 'WebAuthn requires an adapter',
}

/**
 * With the `database` strategy and no adapter: Auth.js's `UnsupportedStrategy` when every provider is of a kind
 * that asks nothing of an adapter (credentials; with an adapter Gatehouse supports them, Auth.js does not), else
 * its `MissingAdapter`.
 */
function reportNoSessionStore(kinds: readonly SignInFlow[], report: ReportIssue): void {
  if (kinds.length > 0 && kinds.every((flow) => flow.adapterFeatures.length === 0)) {
    report({
      option: 'session.strategy',
      problem: 'is "database", but no `adapter` is set and the providers keep no users of their own.',
      fix: 'Use `session: { strategy: "jwt" }`, or set an `adapter` holding the users `authorize` returns.',
      type: 'UnsupportedStrategy',
      message: 'Signing in with credentials only supported if JWT strategy is enabled',
    })
    return
  }
  report({
    option: 'adapter',
    problem: '`session.strategy` is "database", but no `adapter` is set.',
    fix: 'Set an adapter (such as gatehouse-auth/adapters/sqlite), or use `session: { strategy: "jwt" }`.',
    type: 'MissingAdapter',
    message: 'Database session requires an adapter',
  })
}

/** Providers whose kind cannot work without an adapter, reported once per kind, naming the methods it needs. */
function reportProvidersWithoutAdapter(list: ProviderList, report: ReportIssue): void {
  const byKind = new Map<ProviderType, string[]>()
  for (const provider of list.providers) {
    if (flowFor(provider).requiresAdapter !== true) continue
    byKind.set(provider.type, [
      ...(byKind.get(provider.type) ?? []),
      list.labels.get(provider) ?? provider.id,
    ])
  }
  for (const [type, labels] of byKind) {
    const methods = missingAdapterMethods({}, flowForType(type)?.adapterFeatures ?? [])
    report({
      option: 'adapter',
      problem:
        `${labels.join(', ')} ${labels.length === 1 ? 'is' : 'are'} of type "${type}", which needs an \`adapter\` ` +
        'even with JWT sessions (its sign-in tokens or passkeys are stored there).',
      fix: `Set an adapter with ${methods.map((m) => `\`${m}\``).join(', ')}, such as gatehouse-auth/adapters/sqlite.`,
      type: 'MissingAdapter',
      message: AUTHJS_NEEDS_ADAPTER[type] ?? `${type} sign-in requires an adapter`,
    })
  }
}

/**
 * Checks that the adapter has what the session strategy and the providers need, and wraps it once: every adapter
 * failure then becomes an `AdapterError` naming the method, with the cause kept and a time limit applied.
 */
export function resolveAdapter(
  config: AuthConfig,
  session: Pick<SessionOptions, 'strategy'>,
  list: ProviderList,
  adapterTimeout: number,
  report: ReportIssue,
): ResolvedAdapter {
  if (!config.adapter) {
    if (session.strategy === 'database') reportNoSessionStore(list.kinds, report)
    reportProvidersWithoutAdapter(list, report)
    return { adapter: undefined, accountAdapter: undefined, sessionAdapter: undefined }
  }
  const features = new Set<AdapterFeature>()
  if (session.strategy === 'database') features.add('database-sessions')
  for (const p of list.providers) for (const feature of flowFor(p).adapterFeatures) features.add(feature)
  const missing = missingAdapterMethods(config.adapter, features)
  if (missing.length > 0) {
    report({
      option: 'adapter',
      problem: `lacks ${missing.map((m) => `\`${m}\``).join(', ')}, needed by ${[...features].join(', ')}.`,
      fix: 'Implement them, or use an adapter that has them (gatehouse-auth/adapters/*).',
      type: 'MissingAdapterMethods',
      message: `Required adapter methods were missing: ${missing.join(', ')}`,
    })
  }
  const adapter = guardAdapter(config.adapter, adapterTimeout)
  return {
    adapter,
    accountAdapter: adapterFor(adapter, 'accounts'),
    sessionAdapter: session.strategy === 'database' ? adapterFor(adapter, 'database-sessions') : undefined,
  }
}
