import type { RequestContext } from '../routing/request-context.js'
import { sessionStrategy } from '../session/session-strategy-for.js'
import type { ResponseInternal, Session } from '../types.js'

/** GET /session: the session or `null`; POST /session: the same after the `jwt` callback ran with trigger `update`. */
export function session(ctx: RequestContext): Promise<ResponseInternal<Session | null>> {
  const strategy = sessionStrategy(ctx.config)
  return ctx.req.method === 'POST' ? strategy.read(ctx, { data: ctx.req.body?.data }) : strategy.read(ctx)
}
