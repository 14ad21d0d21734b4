import { flowFor } from '../flows/flow-for.js'
import { OAuthRuntime } from '../oauth-client/oauth-runtime.js'
import { oauthProviderProblems } from '../oauth-client/provider-problems.js'
import { allowInsecureRequests, customFetch } from '../symbols.js'
import type { AuthConfig, LoggerInstance } from '../types.js'
import type { ReportIssue } from './config-issues.js'
import type { ProviderList } from './resolve-providers.js'

/** The outbound `fetch` and the OAuth state of a configuration. */
export interface ResolvedOAuth {
  readonly fetch: typeof fetch
  readonly oauth: OAuthRuntime
}

/**
 * Builds the OAuth runtime (normalised providers, discovery and key-set caches) and checks every
 * OAuth/OIDC provider now, not at its first sign-in; discovery stays lazy. A retired or renamed preset id keeps
 * working, with a warning naming the id to move to.
 */
export function resolveOAuth(
  config: AuthConfig,
  options: { oauthTimeout: number; redirectProxyUrl: string | undefined },
  list: ProviderList,
  report: ReportIssue,
  logger: LoggerInstance,
): ResolvedOAuth {
  const fetchImpl = config[customFetch] ?? globalThis.fetch.bind(globalThis)
  const allowInsecure = config.allowInsecureRequests === allowInsecureRequests
  const oauth = new OAuthRuntime({
    fetch: fetchImpl,
    timeoutMs: options.oauthTimeout,
    allowInsecure,
    redirectProxyUrl: options.redirectProxyUrl,
  })
  for (const p of list.providers) {
    if (flowFor(p).oauthClient !== true) continue
    if ('renamedTo' in p && typeof p.renamedTo === 'string') {
      logger.warn(
        'provider-renamed',
        `Provider "${p.id}" is retired or renamed in Auth.js; use "${p.renamedTo}" (gatehouse-auth/providers/${p.renamedTo}).`,
      )
    }
    const label = list.labels.get(p) ?? `provider "${p.id}"`
    for (const { field, ...problem } of oauthProviderProblems(p, oauth, allowInsecure)) {
      report({ option: field === undefined ? label : `${label}.${field}`, ...problem })
    }
  }
  return { fetch: fetchImpl, oauth }
}
