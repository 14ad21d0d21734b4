import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal, Session } from '../types.js'

/** GET /session: the session or `null`; POST /session: the same after the `jwt` callback ran with trigger `update`. */
export function session(ctx: RequestContext): Promise<ResponseInternal<Session | null>> {
  const strategy = ctx.config.sessionStrategy
  if (ctx.req.method === 'POST') return strategy.read(ctx, { data: ctx.req.body?.data })
  // wire-contract §1.9: a failure on GET /session (a `jwt` or `session` callback or event that throws) is logged
  // and answered `null`, never a redirect to the HTML error page that a JSON client (useSession, fetch) cannot
  // read; the strategy says which cookies go with it. (`catch` rather than `try`/`await`: one promise fewer on
  // the most frequent request; `read` is asynchronous, so every failure reaches it.)
  return strategy.read(ctx).catch((error: unknown) => strategy.readFailed(ctx, error))
}
