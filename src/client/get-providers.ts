import type { ClientSafeProvider } from './client-types.js'
import { fetchAuthJson, logFetchError } from './fetch-auth-json.js'

/**
 * The configured providers from `GET {basePath}/providers`, keyed by id, or `null` when that fails.
 *
 * @example
 * ```ts
 * const providers = await getProviders()
 * ```
 */
export async function getProviders(): Promise<Record<string, ClientSafeProvider> | null> {
  const outcome = await fetchAuthJson<Record<string, ClientSafeProvider>>('providers')
  if (!outcome.ok) logFetchError('providers', outcome.error)
  return outcome.ok ? outcome.data : null
}
