import { clearChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { JWTSessionError, SessionTokenError } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'
import { noStoreHeaders } from '../session/jwt-session.js'
import { sessionStrategy } from '../session/session-strategy-for.js'
import type { ResponseInternal, Session } from '../types.js'

/** GET /session: the session or `null`; POST /session: the same after the `jwt` callback ran with trigger `update`. */
export async function session(ctx: RequestContext): Promise<ResponseInternal<Session | null>> {
  const strategy = sessionStrategy(ctx.config)
  if (ctx.req.method === 'POST') return strategy.read(ctx, { data: ctx.req.body?.data })
  try {
    return await strategy.read(ctx)
  } catch (error) {
    // wire-contract §1.9: a failure on GET /session (a `jwt` or `session` callback or event that throws) is logged
    // and answered `null`, never a redirect to the HTML error page that a JSON client (useSession, fetch) cannot
    // read. As in Auth.js, a JWT that cannot be turned into a session is cleared; a database row is left alone.
    const cause = error instanceof Error ? error : String(error)
    const jwt = ctx.config.session.strategy === 'jwt'
    ctx.config.logger.error(jwt ? new JWTSessionError(cause) : new SessionTokenError(cause))
    const { name, options } = ctx.cookies.sessionToken
    return {
      status: 200,
      headers: noStoreHeaders,
      body: null,
      ...(jwt ? { cookies: clearChunkedCookie(name, options, ctx.req.cookies) } : {}),
    }
  }
}
