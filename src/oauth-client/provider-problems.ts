import type { ResolvedProvider } from '../config/resolve-providers.js'
import { allowInsecureRequests } from '../symbols.js'
import type { OAuthRuntime } from './oauth-runtime.js'
import { assertOutboundUrl } from './outbound-fetch.js'
import type { NormalizedProvider } from './normalize-provider.js'

/**
 * What can be known wrong about an OAuth/OIDC provider without asking it: endpoints that do not parse or are
 * missing with no discovery to fill them, plain `http:` to a host off loopback, a client authentication method
 * without its secret or key. Checked when the configuration is resolved, so a broken provider is reported at start
 * instead of at its first sign-in. Discovery itself stays lazy (a provider may be down at start).
 */
export function oauthProviderProblems(
  provider: ResolvedProvider,
  runtime: OAuthRuntime,
  allowInsecure: boolean,
): string[] {
  let normalized: NormalizedProvider
  try {
    normalized = runtime.provider(provider)
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
  const problems: string[] = []
  const where = `Provider "${normalized.id}"`
  const discovered = normalized.wellKnown !== undefined
  if (!discovered) {
    const missing: string[] = []
    if (normalized.authorization.url === undefined) missing.push('`authorization`')
    if (normalized.token.url === undefined && normalized.token.request === undefined) missing.push('`token`')
    if (
      !normalized.idToken &&
      normalized.userinfo.url === undefined &&
      normalized.userinfo.request === undefined
    )
      missing.push('`userinfo`')
    if (missing.length > 0) {
      problems.push(
        `${where} has no \`issuer\` (or \`wellKnown\`) to discover its endpoints, and no ${missing.join(', ')} URL; ` +
          'give the issuer, or every endpoint.',
      )
    }
  }
  const insecureAllowed =
    allowInsecure ||
    (provider as { allowInsecureRequests?: unknown }).allowInsecureRequests === allowInsecureRequests
  const outbound: Array<[string, string | URL | undefined]> = [
    ['wellKnown', normalized.wellKnown],
    ['token', normalized.token.url],
    ['userinfo', normalized.userinfo.url],
    ['jwks_endpoint', normalized.jwksUri],
  ]
  for (const [name, value] of outbound) {
    if (value === undefined) continue
    try {
      assertOutboundUrl(new URL(value), insecureAllowed)
    } catch (error) {
      problems.push(`${where}, \`${name}\`: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const authorization = normalized.authorization.url
  if (authorization && authorization.protocol !== 'https:' && authorization.protocol !== 'http:') {
    problems.push(
      `${where}, \`authorization\`: the URL must be https: (or http: in tests), not ${authorization.protocol}`,
    )
  }
  const method = normalized.clientAuthMethod
  if (method.startsWith('client_secret_') && !normalized.clientSecret) {
    problems.push(
      `${where} authenticates with ${method} but has no \`clientSecret\` (set it, or AUTH_${envName(normalized.id)}_SECRET).`,
    )
  }
  if (
    method === 'private_key_jwt' &&
    !normalized.client['private_key'] &&
    !normalized.client['clientPrivateKey']
  ) {
    problems.push(
      `${where} uses private_key_jwt but has no \`client.private_key\` ({ key: CryptoKey, kid }).`,
    )
  }
  return problems
}

function envName(id: string): string {
  return id.toUpperCase().replace(/-/g, '_')
}
