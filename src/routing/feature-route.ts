import type { ResponseInternal } from '../types.js'
import type { RequestContext } from './request-context.js'
import type { Method } from './auth-actions.js'

/**
 * An endpoint Gatehouse answers beside Auth.js's actions (a feature's page, form target or asset), declared as
 * data: the router enforces its method and CSRF needs in the one place it enforces them for every route.
 */
export interface FeatureRoute {
  /**
   * Its path under `basePath`: segments joined by `/` (`two-factor/setup`). A last segment `:name` takes any one
   * segment, `:name?` one or none; the handler reads it, decoded, as `ctx.req.param`. A path may extend an Auth.js
   * action only as `{action}/{id}` of an action that names a provider there (`callback/two-factor`): that id is
   * then reserved, and a provider may not take it.
   */
  readonly path: string
  readonly method: Method
  /**
   * `always`: the double-submit CSRF token must match, as for Auth.js's state-changing POSTs (every POST that acts
   * for the browser's user needs it, or another site can make the browser do it); `never`.
   */
  readonly csrf: 'always' | 'never'
  /** A GET that answers an HTML page: while the configuration is broken it gets the error page, not JSON. */
  readonly page: boolean
  readonly handler: (ctx: RequestContext) => Promise<ResponseInternal>
}
