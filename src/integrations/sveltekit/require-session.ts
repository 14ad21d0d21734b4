import { error, redirect, type RequestEvent } from '@sveltejs/kit'
import { createActionURL } from '../../config/create-action-url.js'
import type { GuardRule } from '../../guard/guard-rule.js'
import type { AuthConfig, Session } from '../../types.js'
import { hostHeaders } from './host-headers.js'
import { logSvelteKitError } from './log-sveltekit-error.js'
import type { BoundConfig } from './sveltekit-config.js'
import { writeCookies } from './write-cookies.js'

/** Signed in, else the sign-in page for a page and a 401 for an API call. */
const SIGNED_IN: GuardRule = { deny: 'negotiate' }

const CONFIGURATION_PROBLEM =
  'There was a problem with the server configuration. Check the server logs for more information.'

/**
 * `locals.requireSession()`: the session of a signed-in request, through the core's guard. A request that is not
 * signed in ends here: a page (a browser asking for HTML, a load's data request, a form action) goes to the sign-in
 * page with `callbackUrl` (kit's `redirect(303)`), an API call gets kit's `error(401, { message })`. Cookies the
 * guard sets (a re-issued or cleared session cookie) are written through `event.cookies` either way.
 */
export async function requireSession(
  event: RequestEvent,
  bound: () => Promise<BoundConfig>,
): Promise<Session> {
  let config: AuthConfig | undefined
  let found: BoundConfig
  try {
    found = await bound()
    config = found.config
  } catch (failure) {
    logSvelteKitError(config, failure)
    error(500, CONFIGURATION_PROBLEM)
  }
  let origin: string | undefined
  try {
    origin = createActionURL(
      'session',
      event.url.protocol,
      hostHeaders(event),
      found.env,
      found.config,
    ).origin
  } catch (failure) {
    // No public origin can be told from these headers: no session is read, as `locals.auth()` does.
    logSvelteKitError(config, failure)
  }
  const page =
    event.isDataRequest ||
    event.request.headers.has('x-sveltekit-action') ||
    (event.request.headers.get('accept') ?? '').toLowerCase().includes('text/html')
  const result = await found.instance.guard(
    {
      origin: origin ?? event.url.origin,
      cookie: origin === undefined ? undefined : event.request.headers.get('cookie'),
      url: `${event.url.pathname}${event.url.search}`,
      accept: page ? 'text/html' : 'application/json',
    },
    SIGNED_IN,
  )
  writeCookies(event.cookies, result.cookies)
  if (result.pass && result.session) return result.session
  const answer = result.pass ? undefined : result.answer
  if (answer?.kind === 'redirect') redirect(303, answer.location)
  error(401, { message: answer?.kind === 'unauthorized' ? answer.body.message : 'Sign in required.' })
}
