import type { Cookie } from '../types.js'
import { parseCallbackCandidate, redirectTarget } from '../answer/redirect-target.js'
import type { RequestContext } from './request-context.js'

/**
 * Picks the callback URL from the body, the query, then the callback-url cookie, else the origin, and passes it
 * through the `redirect` callback (wire-contract §1.11). The cookie is set only when a request named a new address.
 */
export async function resolveCallbackUrl(
  ctx: RequestContext,
): Promise<{ url: string; cookie: Cookie | undefined }> {
  const { req, origin } = ctx
  const cookieName = ctx.cookies.callbackUrl.name
  const stored = parseCallbackCandidate(req.cookies[cookieName], origin)
  const asked =
    parseCallbackCandidate(req.body?.callbackUrl, origin) ??
    parseCallbackCandidate(req.query.callbackUrl, origin)
  const safe = await redirectTarget(ctx, asked ?? stored ?? origin)
  const cookie =
    asked !== undefined && safe !== req.cookies[cookieName]
      ? { name: cookieName, value: safe, options: ctx.cookies.callbackUrl.options }
      : undefined
  return { url: safe, cookie }
}
