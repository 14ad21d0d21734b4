import { callback } from '../actions/callback.js'
import { csrf } from '../actions/csrf.js'
import { errorPage } from '../actions/error-page.js'
import { providers } from '../actions/providers.js'
import { session } from '../actions/session.js'
import { signInPage, signInStart } from '../actions/sign-in.js'
import { signOut, signOutPage } from '../actions/sign-out.js'
import { verifyRequest } from '../actions/verify-request.js'
import { webauthnOptions } from '../actions/webauthn-options.js'
import type { ResponseInternal } from '../types.js'
import { authActions, type AuthAction, type Method } from './auth-actions.js'
import type { RequestContext } from './request-context.js'

export { authActions, type ActionShape, type AuthAction, type Method } from './auth-actions.js'

/** What a route needs before its handler runs; the router enforces it in one place. */
export interface Route {
  handler: (ctx: RequestContext) => Promise<ResponseInternal>
  /** `always`: the CSRF token must match; `flow`: when the provider's flow asks for it (credentials). */
  csrf: 'always' | 'flow' | 'never'
  provider: 'required' | 'optional' | 'ignored'
}

/** A method and an action, the key of {@link routes}: a misspelt action or method does not compile. */
export type RouteKey = `${Method} ${AuthAction}`

/** Whether `value` is an action of {@link authActions} (an own key: `constructor` or `__proto__` are not). */
export function isAuthAction(value: string): value is AuthAction {
  return Object.hasOwn(authActions, value)
}

const table = {
  'GET providers': { handler: providers, csrf: 'never', provider: 'ignored' },
  'GET csrf': { handler: csrf, csrf: 'never', provider: 'ignored' },
  'GET session': { handler: session, csrf: 'never', provider: 'ignored' },
  'POST session': { handler: session, csrf: 'always', provider: 'ignored' },
  // GET /signin/{id} shows the sign-in page (Auth.js v5 answers it with a Configuration error).
  'GET signin': { handler: signInPage, csrf: 'never', provider: 'ignored' },
  'POST signin': { handler: signInStart, csrf: 'always', provider: 'optional' },
  'GET signout': { handler: signOutPage, csrf: 'never', provider: 'ignored' },
  'POST signout': { handler: signOut, csrf: 'always', provider: 'ignored' },
  'GET callback': { handler: callback, csrf: 'flow', provider: 'required' },
  'POST callback': { handler: callback, csrf: 'flow', provider: 'required' },
  'GET error': { handler: errorPage, csrf: 'never', provider: 'ignored' },
  'GET verify-request': { handler: verifyRequest, csrf: 'never', provider: 'ignored' },
  'GET webauthn-options': { handler: webauthnOptions, csrf: 'never', provider: 'required' },
} satisfies Partial<Record<RouteKey, Route>>

/** Every Auth.js action a method may reach; with the feature routes, everything the router answers. */
export const routes: Readonly<Partial<Record<RouteKey, Route>>> = Object.freeze(table)
