import { fetchAuthJson, logFetchError } from './fetch-auth-json.js'

/** One of the signed-in user's sessions, as `GET {basePath}/sessions` lists it (dates as ISO strings). */
export interface ClientSessionSummary {
  id: string
  strategy: 'jwt' | 'database'
  /** Whether it is this browser's session. */
  current: boolean
  createdAt: string | null
  lastSeenAt: string | null
  expires: string
  /** A short name of the browser ("Firefox on Linux"). */
  label: string | null
  userAgent: string | null
  clientAddress: string | null
}

/**
 * The signed-in user's sessions (newest first, this browser's marked `current`), or `null` when signed out or the
 * call failed.
 *
 * @example
 * ```ts
 * const sessions = await listSessions()
 * ```
 */
export async function listSessions(): Promise<ClientSessionSummary[] | null> {
  const outcome = await fetchAuthJson<{ sessions?: ClientSessionSummary[] }>('sessions')
  if (!outcome.ok) {
    logFetchError('sessions', outcome.error)
    return null
  }
  return outcome.data.sessions ?? null
}
