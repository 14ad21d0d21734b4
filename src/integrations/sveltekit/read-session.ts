import type { RequestEvent } from '@sveltejs/kit'
import { createActionURL } from '../../config/create-action-url.js'
import type { AuthConfig, Session } from '../../types.js'
import type { BoundConfig } from './sveltekit-config.js'
import { hostHeaders } from './host-headers.js'
import { logSvelteKitError } from './log-sveltekit-error.js'
import { writeCookies } from './write-cookies.js'

/**
 * The session of a request event through the core's `getSession` (the session callback included), with the cookies
 * its answer must carry (a re-issued session cookie, or the deletion of a bad one) written to `event.cookies`.
 * Fails closed: a configuration that throws, an unreadable cookie, or anything else gives `null` (@auth/sveltekit
 * throws there, which turns a broken configuration into a 500 on every page that asks).
 */
export async function readSession(
  event: RequestEvent,
  bound: () => Promise<BoundConfig>,
): Promise<Session | null> {
  let config: AuthConfig | undefined
  try {
    const found = await bound()
    config = found.config
    const { origin } = createActionURL('session', event.url.protocol, hostHeaders(event), found.env, config)
    // The origin and the cookie header are all a session read needs: no `Request` is built.
    const { session, cookies } = await found.instance.getSession({
      origin,
      cookie: event.request.headers.get('cookie'),
    })
    writeCookies(event.cookies, cookies)
    return session
  } catch (error) {
    logSvelteKitError(config, error)
    return null
  }
}
