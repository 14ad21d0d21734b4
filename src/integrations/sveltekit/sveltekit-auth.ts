import { error, isActionFailure, isHttpError, isRedirect } from '@sveltejs/kit'
import type { ActionFailure, Handle, RequestEvent } from '@sveltejs/kit'
import { configErrorResult, toResponse } from '../../answer/index.js'
import { isAuthAction } from '../../routing/is-auth-action.js'
import { isPagePath } from '../../routing/default-router.js'
import type { Session } from '../../types.js'
import {
  signInAction,
  signOutAction,
  verifyTwoFactorAction,
  type FormActionData,
  type SignInFailure,
} from './form-actions.js'
import { logSvelteKitError } from './log-sveltekit-error.js'
import { answerRequest } from '../answer-request.js'
import { kitClientAddress } from './client-address.js'
import { readSession } from './read-session.js'
import { requireSession } from './require-session.js'
import {
  configFor,
  svelteKitBinding,
  type BoundConfig,
  type SvelteKitAuthConfigInput,
} from './sveltekit-config.js'

/** What {@link SvelteKitAuth} returns (@auth/sveltekit's `SvelteKitAuthResult`). */
export interface SvelteKitAuthResult {
  /** The `handle` hook: answers `{basePath}/{action}` and sets `event.locals.auth()` for everything else. */
  handle: Handle
  /** A form action (`export const actions = { default: signIn }`); see {@link signInAction}. */
  signIn: (event: RequestEvent) => Promise<FormActionData | ActionFailure<SignInFailure>>
  /** A form action (`export const actions = { default: signOut }`); see {@link signOutAction}. */
  signOut: (event: RequestEvent) => Promise<FormActionData>
  /**
   * A form action (`export const actions = { default: verifyTwoFactor }`) answering the two-factor challenge with
   * the form's `code` (and `remember`); see {@link verifyTwoFactorAction}.
   */
  verifyTwoFactor: (event: RequestEvent) => Promise<FormActionData | ActionFailure<SignInFailure>>
}

/** `event.locals` as the hook fills it; declare it in `src/app.d.ts` (see the README). */
export interface SvelteKitAuthLocals {
  /** The session of the request, or `null`: none, invalid, expired, or any failure (it fails closed). */
  auth: () => Promise<Session | null>
  /** The same as `auth` (@auth/sveltekit's older name). */
  getSession: () => Promise<Session | null>
  /**
   * The session of a signed-in request, through the core's guard; otherwise it ends the request: a page (or a
   * load's data request, or a form action) is redirected (303) to the sign-in page with `callbackUrl`, an API call
   * gets `error(401)`.
   */
  requireSession: () => Promise<Session>
}

/** The action addressed by a path under `basePath`, when it is one of ours (`/auth/session`, `/auth/signin/x`). */
function addressedAction(pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false
  const action = pathname.slice(basePath.length + 1).split('/')[0] ?? ''
  return isAuthAction(action)
}

/**
 * The built-in pages say `Referrer-Policy: no-referrer`, which makes a browser send `Origin: null` with their form
 * posts; kit refuses any form post whose origin is not its own (`csrf.checkOrigin`) before the hook runs, so the
 * sign-in page could never sign in. `same-origin` sends the origin to the app only and still no referrer to anyone
 * else (the IdP, the pages' links). Every other header, `Set-Cookie` lines included, is passed on as it is.
 */
function postableFromKit(response: Response): Response {
  if (response.headers.get('referrer-policy') !== 'no-referrer') return response
  const headers = new Headers(response.headers)
  headers.set('referrer-policy', 'same-origin')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Gatehouse for SvelteKit 2, with the API of @auth/sveltekit: the configuration (or a function of the request event
 * returning it) in, the `handle` hook and the `signIn` / `signOut` form actions out. Default `basePath` `/auth` (give
 * `` `${base}/auth` `` from `$app/paths` when the app has a `paths.base`); `AUTH_SECRET`, `AUTH_URL`,
 * `AUTH_TRUST_HOST` and the providers' `AUTH_{ID}_*` come from `process.env`, or from `event.platform.env` where
 * the platform has one. `locals.auth()` fails closed (`null`) where @auth/sveltekit throws.
 *
 * @example
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from 'gatehouse-auth/sveltekit'
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] })
 * // src/hooks.server.ts
 * export { handle } from './auth'
 * ```
 */
export function SvelteKitAuth(input: SvelteKitAuthConfigInput): SvelteKitAuthResult {
  const binding = svelteKitBinding(input)
  const handle: Handle = async ({ event, resolve }) => {
    let pending: Promise<BoundConfig> | undefined
    const bound = () => (pending ??= configFor(binding, event))
    const locals = event.locals as Partial<SvelteKitAuthLocals>
    const auth = () => readSession(event, bound)
    locals.auth = auth
    locals.getSession = auth
    locals.requireSession = () => requireSession(event, bound)
    let found: BoundConfig
    try {
      found = await bound()
    } catch (failure) {
      logSvelteKitError(undefined, failure)
      // Without a configuration the basePath is unknown: the default one still answers, with the configuration
      // error (no session ever comes out of a broken configuration).
      if (addressedAction(event.url.pathname, '/auth'))
        return toResponse(
          configErrorResult(
            event.request,
            { basePath: '/auth', providers: [] },
            isPagePath(event.request, '/auth'),
          ),
        )
      return resolve(event)
    }
    if (addressedAction(event.url.pathname, found.config.basePath ?? '/auth'))
      return postableFromKit(await answerRequest(found.instance, event.request, kitClientAddress(event)))
    return resolve(event)
  }
  return {
    handle,
    signIn: (event) => guarded(async () => signInAction(await configFor(binding, event), event)),
    signOut: (event) => guarded(async () => signOutAction(await configFor(binding, event), event)),
    verifyTwoFactor: (event) =>
      guarded(async () => verifyTwoFactorAction(await configFor(binding, event), event)),
  }
}

/**
 * Runs a form action, letting kit's own outcomes (a redirect, `fail()`, `error()`) through; anything else (a
 * configuration callback that throws, a database that is down) is logged and becomes kit's `error(500)` with a
 * message that says where to look, never a stack trace.
 */
async function guarded<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (thrown) {
    if (isRedirect(thrown) || isHttpError(thrown) || isActionFailure(thrown)) throw thrown
    logSvelteKitError(undefined, thrown)
    error(
      500,
      'There was a problem with the server configuration. Check the server logs for more information.',
    )
  }
}
