import type { Session } from '../types.js'
import { getCsrfToken } from './get-csrf-token.js'
import { fetchAuthJson, logFetchError, type FetchOutcome } from './fetch-auth-json.js'
import { broadcastSession } from './session-channel.js'

/** POST `{basePath}/session` with `{ csrfToken, data }`, telling failure apart from a `null` answer. */
export async function postSessionUpdate(data: unknown): Promise<FetchOutcome<Session | null>> {
  const csrfToken = await getCsrfToken()
  // `data` undefined is left out of the JSON: the server still runs the `jwt` callback with trigger `update`
  // (next-auth sends a GET here, so a bare `update()` never reached the callback: its issue #11002).
  const outcome = await fetchAuthJson<Session | null>('session', { csrfToken, data })
  if (!outcome.ok) logFetchError('session', outcome.error)
  else if (outcome.data) broadcastSession('getSession')
  return outcome
}

/**
 * Asks the server to update the session: the `jwt` callback runs with trigger `update` and `session` = `data`
 * (also with no data). Resolves to the new session, or `null` when the request failed.
 *
 * @example
 * ```ts
 * await updateSession({ theme: 'dark' })
 * ```
 */
export async function updateSession(data?: unknown): Promise<Session | null> {
  const outcome = await postSessionUpdate(data)
  return outcome.ok ? outcome.data : null
}
