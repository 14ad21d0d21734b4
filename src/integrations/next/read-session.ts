import { actionUrl } from './action-url.js'
import { createLogger } from '../../lib/logger.js'
import type { SessionReadOptions } from '../../session/session-strategy.js'
import type { Session } from '../../types.js'
import type { BoundConfig } from './next-auth-config.js'

/** A session check's outcome: the session (or `null`) and the `Set-Cookie` values to pass on. */
export interface SessionRead {
  session: Session | null
  setCookies: string[]
}

function isSession(value: unknown): value is Session {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
}

/**
 * Reads the session of a request with these headers through the bound configuration's `getSession`.
 * Fails closed: a failed check, a value that is not a session, or any throw gives `null` (next-auth once returned
 * the 500 body as the session: GHSA-8fpg-xm3f-6cx3).
 */
export async function readSession(
  bound: BoundConfig,
  headers: Headers,
  protocol?: string,
  options?: SessionReadOptions,
): Promise<SessionRead> {
  try {
    const url = actionUrl('session', headers, bound, protocol)
    // The core's session reader: the same answer as GET /session (session callback included) with the cookies to
    // set, without building and re-reading a Response.
    const { session, setCookie } = await bound.instance.getSession(
      new Request(url, { headers: { cookie: headers.get('cookie') ?? '' } }),
      options,
    )
    return { session: isSession(session) ? session : null, setCookies: setCookie }
  } catch (error) {
    createLogger(bound.config.logger, bound.config.debug === true).error(
      error instanceof Error ? error : new Error(String(error)),
    )
    return { session: null, setCookies: [] }
  }
}
