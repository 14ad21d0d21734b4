import { fetchAuthJson, logFetchError } from './fetch-auth-json.js'

/**
 * A CSRF token from `GET {basePath}/csrf` (which also sets its cookie), or `""` when that fails.
 *
 * @example
 * ```ts
 * const csrfToken = await getCsrfToken()
 * ```
 */
export async function getCsrfToken(): Promise<string> {
  const outcome = await fetchAuthJson<{ csrfToken?: string }>('csrf')
  if (!outcome.ok) logFetchError('csrf', outcome.error)
  return (outcome.ok && outcome.data?.csrfToken) || ''
}
