import { compileForwardOrigins } from '../flows/oauth/forward-origin-patterns.js'
import type { AuthConfig } from '../types.js'
import type { ReportIssue } from './config-issues.js'
import type { EnvDefaults } from './read-env.js'

/** The redirect proxy (wire-contract §4.4): where callbacks go, and the origins a proxy deployment forwards to. */
export interface ResolvedRedirectProxy {
  readonly redirectProxyUrl: string | undefined
  readonly forwardOrigins: readonly RegExp[]
}

/** `redirectProxyUrl` and `redirectProxyAllowedOrigins`, each falling back to its `AUTH_REDIRECT_PROXY_*` variable. */
export function resolveRedirectProxy(
  config: AuthConfig,
  fromEnv: EnvDefaults,
  report: ReportIssue,
): ResolvedRedirectProxy {
  const origins = compileForwardOrigins(
    config.redirectProxyAllowedOrigins ?? fromEnv.redirectProxyAllowedOrigins,
  )
  for (const entry of origins.invalid) {
    report({
      option: 'redirectProxyAllowedOrigins',
      problem: `"${entry}" is not an origin.`,
      fix:
        'Give origins like "https://preview.example.com" or "https://myapp-*-team.vercel.app" (`*` only inside a ' +
        'host label, never a whole label).',
    })
  }
  return {
    redirectProxyUrl: config.redirectProxyUrl ?? fromEnv.redirectProxyUrl,
    forwardOrigins: Object.freeze(origins.patterns),
  }
}
