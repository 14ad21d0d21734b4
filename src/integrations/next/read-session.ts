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

/** A session the core answered, or `null` for a value that is not one (an empty object from a callback). */
export function asSession(value: Session | null): Session | null {
  return isSession(value) ? value : null
}

function logError(bound: BoundConfig, error: unknown): void {
  createLogger(bound.config.logger, bound.config.debug === true).error(
    error instanceof Error ? error : new Error(String(error)),
  )
}

/**
 * The public origin of a request with these headers, whose scheme decides which session cookie is read: `AUTH_URL`'s,
 * else the forwarded or direct host's. `undefined` (logged) when the headers make no URL.
 */
export function sessionOrigin(bound: BoundConfig, headers: Headers, protocol?: string): string | undefined {
  try {
    return actionUrl('session', headers, bound, protocol).origin
  } catch (error) {
    logError(bound, error)
    return undefined
  }
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
    const { origin } = actionUrl('session', headers, bound, protocol)
    // The core's session reader: the same answer as GET /session (session callback included) with the cookies to
    // set, from the origin and the cookie header alone: no `Request`, no `Response`.
    const { session, setCookie } = await bound.instance.getSession(
      { origin, cookie: headers.get('cookie') },
      options,
    )
    return { session: asSession(session), setCookies: setCookie }
  } catch (error) {
    logError(bound, error)
    return { session: null, setCookies: [] }
  }
}
