import type { ResolvedProvider } from '../config/resolved-provider.js'
import type { ConfigIssue } from '../errors.js'
import { allowInsecureRequests } from '../symbols.js'
import type { OAuthRuntime } from './oauth-runtime.js'
import { assertOutboundUrl } from './outbound-fetch.js'
import type { NormalizedProvider } from './normalize-provider.js'

/** A problem of one OAuth provider: the option of the provider at fault (if one), what is wrong and what to do. */
export type OAuthProviderProblem = Pick<ConfigIssue, 'problem' | 'fix'> &
  Partial<Pick<ConfigIssue, 'type' | 'message'>> & { readonly field?: string }

/** The environment variable of a provider setting, `AUTH_{ID}_{NAME}` (upper snake case, as Auth.js reads it). */
function envName(id: string, name: 'ID' | 'SECRET'): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, '_')}_${name}`
}

function endpointProblems(normalized: NormalizedProvider): OAuthProviderProblem[] {
  if (normalized.wellKnown !== undefined) return []
  const missing: Array<'authorization' | 'token' | 'userinfo'> = []
  if (normalized.authorization.url === undefined) missing.push('authorization')
  if (normalized.token.url === undefined && normalized.token.request === undefined) missing.push('token')
  if (
    !normalized.idToken &&
    normalized.userinfo.url === undefined &&
    normalized.userinfo.request === undefined
  )
    missing.push('userinfo')
  if (missing.length === 0) return []
  return [
    {
      problem:
        `has no \`issuer\` (or \`wellKnown\`) to discover its endpoints, and no ` +
        `${missing.map((key) => `\`${key}\``).join(', ')} URL.`,
      fix: 'Give the issuer, or every endpoint.',
      type: 'InvalidEndpoints',
      // Auth.js names the first endpoint missing, in this order.
      message:
        `Provider "${normalized.id}" is missing both \`issuer\` and \`${missing[0]!}\` endpoint config. ` +
        'At least one of them is required',
    },
  ]
}

function clientProblems(normalized: NormalizedProvider): OAuthProviderProblem[] {
  const problems: OAuthProviderProblem[] = []
  const idVariable = envName(normalized.id, 'ID')
  const secretVariable = envName(normalized.id, 'SECRET')
  const method = normalized.clientAuthMethod
  const needsSecret = method.startsWith('client_secret_')
  if (normalized.clientId === '') {
    problems.push({
      field: 'clientId',
      problem: 'no client id is set, so the provider cannot know which application asks.',
      fix:
        `Set ${idVariable}${needsSecret && !normalized.clientSecret ? ` and ${secretVariable}` : ''} to the ` +
        'values of the OAuth application registered with the provider, or pass `clientId`.',
    })
  }
  if (needsSecret && !normalized.clientSecret) {
    problems.push({
      field: 'clientSecret',
      problem: `no client secret is set, and the token endpoint authenticates with ${method}.`,
      fix:
        `Set ${secretVariable} (or pass \`clientSecret\`); for a public client without a secret, set ` +
        "`client: { token_endpoint_auth_method: 'none' }`.",
    })
  }
  if (
    method === 'private_key_jwt' &&
    !normalized.client['private_key'] &&
    !normalized.client['clientPrivateKey']
  ) {
    problems.push({
      field: 'client.private_key',
      problem: 'is not set, and the token endpoint authenticates with private_key_jwt.',
      fix: 'Pass `client.private_key` as { key: CryptoKey, kid }.',
    })
  }
  return problems
}

/**
 * What can be known wrong about an OAuth/OIDC provider without asking it: endpoints that do not parse or are
 * missing with no discovery to fill them, plain `http:` to a host off loopback, no client id, a client
 * authentication method without its secret or key. Checked when the configuration is resolved, so a broken
 * provider is reported at start instead of at its first sign-in. Discovery itself stays lazy (a provider may be
 * down at start).
 */
export function oauthProviderProblems(
  provider: ResolvedProvider,
  runtime: OAuthRuntime,
  allowInsecure: boolean,
): OAuthProviderProblem[] {
  let normalized: NormalizedProvider
  try {
    normalized = runtime.provider(provider)
  } catch (error) {
    return [
      {
        problem: error instanceof Error ? error.message : String(error),
        fix: 'Correct the option it names.',
        type: 'InvalidEndpoints',
      },
    ]
  }
  const problems = endpointProblems(normalized)
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
      problems.push({
        field: name,
        problem: error instanceof Error ? error.message : String(error),
        fix: 'Use an https: URL (plain http: only on loopback, or with `allowInsecureRequests` in tests).',
        type: 'InvalidEndpoints',
      })
    }
  }
  const authorization = normalized.authorization.url
  if (authorization && authorization.protocol !== 'https:' && authorization.protocol !== 'http:') {
    problems.push({
      field: 'authorization',
      problem: `the URL is ${authorization.protocol}, not https:.`,
      fix: 'Use an https: URL (or http: in tests).',
      type: 'InvalidEndpoints',
    })
  }
  problems.push(...clientProblems(normalized))
  return problems
}
