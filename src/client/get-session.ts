import type { Session } from '../types.js'
import type { GetSessionParams } from './client-types.js'
import { fetchAuthJson, logFetchError, type FetchOutcome } from './fetch-auth-json.js'
import { broadcastSession } from './session-channel.js'

/** GET `{basePath}/session`, telling failure apart from "no session"; for the `SessionProvider`. */
export async function fetchSession(broadcast: boolean): Promise<FetchOutcome<Session | null>> {
  const outcome = await fetchAuthJson<Session | null>('session')
  if (!outcome.ok) logFetchError('session', outcome.error)
  if (broadcast) broadcastSession('getSession')
  return outcome
}

/**
 * The current session from `GET {basePath}/session`, or `null` (also when the request fails, as next-auth).
 *
 * @example
 * ```ts
 * const session = await getSession()
 * ```
 */
export async function getSession(params?: GetSessionParams): Promise<Session | null> {
  const outcome = await fetchSession(params?.broadcast ?? true)
  return outcome.ok ? outcome.data : null
}
