import { fetchAuthJson, logFetchError } from './fetch-auth-json.js'
import { getCsrfToken } from './get-csrf-token.js'
import { broadcastSession, notifySessionChanged } from './session-channel.js'

/**
 * Ends one of the signed-in user's sessions (an id from `listSessions()`), every other one (`'others'`) or all of
 * them (`'all'`, signing this browser out too), through `POST {basePath}/sessions/revoke` with the CSRF token.
 * `true` when it was ended.
 *
 * @example
 * ```ts
 * await revokeSession('others')
 * ```
 */
export async function revokeSession(sessionId: string): Promise<boolean> {
  const csrfToken = await getCsrfToken()
  const outcome = await fetchAuthJson<{ revoked?: boolean }>('sessions/revoke', { csrfToken, sessionId })
  if (!outcome.ok) {
    logFetchError('sessions/revoke', outcome.error)
    return false
  }
  if (sessionId === 'all') {
    // This browser is signed out: tell this tab and the others, as signOut() does.
    broadcastSession('signout')
    notifySessionChanged()
  }
  return outcome.data.revoked === true
}
