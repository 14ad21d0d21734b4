import { createActionURL } from '../../config/create-action-url.js'
import { createLogger } from '../../lib/logger.js'
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
 * Reads the session of a request with these headers, through the session endpoint of the bound configuration.
 * Fails closed: a non-200 answer, a body that is not a session, or any throw gives `null` (next-auth once returned
 * the 500 body as the session: GHSA-8fpg-xm3f-6cx3).
 */
export async function readSession(
  bound: BoundConfig,
  headers: Headers,
  protocol?: string,
): Promise<SessionRead> {
  try {
    const url = createActionURL(
      'session',
      headers.get('x-forwarded-proto') ?? protocol,
      headers,
      process.env,
      bound.config,
    )
    const response = await bound.instance.handlers.GET(
      new Request(url, { headers: { cookie: headers.get('cookie') ?? '' } }),
    )
    const setCookies = response.headers.getSetCookie()
    if (response.status !== 200) return { session: null, setCookies }
    const body: unknown = await response.json()
    return { session: isSession(body) ? body : null, setCookies }
  } catch (error) {
    createLogger(bound.config.logger, bound.config.debug === true).error(
      error instanceof Error ? error : new Error(String(error)),
    )
    return { session: null, setCookies: [] }
  }
}
