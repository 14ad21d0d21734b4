import { clearChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { recordAuditEvent } from '../audit/record-audit-event.js'
import { AdapterError, SignOutError } from '../errors.js'
import { currentSession } from '../user-sessions/user-sessions.js'
import { renderSignOutPage } from '../pages/sign-out-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { pageResult } from '../pages/page-result.js'

/** GET /signout: a confirmation page whose form posts the CSRF token, or a redirect to `pages.signOut`. */
export async function signOutPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { config } = ctx
  if (config.pages.signOut) return { redirect: config.pages.signOut }
  const csrf = ctx.csrf()
  const { url: callbackUrl, cookie } = await ctx.callbackUrl()
  const cookies = [csrf.cookie, cookie].filter((c): c is Cookie => c !== undefined)
  const page = renderSignOutPage({
    url: ctx.actionUrl('signout'),
    csrfToken: csrf.token,
    callbackUrl,
    theme: config.theme,
  })
  return { ...pageResult(page), cookies }
}

/**
 * POST /signout: ends the session, clears every session-cookie chunk and redirects to the callback URL.
 *
 * When the database cannot be reached (an `AdapterError`: the row may well still be there), the sign-out is
 * answered as failed, 503 (the error page with `code=unavailable`, or JSON for `X-Auth-Return-Redirect`), and the
 * cookie is kept, so the user can retry: reporting it done while the token stays valid would let a copied cookie
 * outlive its sign-out once the database is back. Any other failure (an `events.signOut` that throws, a cookie
 * that does not decode) is logged and sign-out still completes, so the browser is never left holding the cookie.
 */
export async function signOut(ctx: RequestContext): Promise<ResponseInternal> {
  const strategy = ctx.config.sessionStrategy
  let cookies: Cookie[]
  try {
    // Whose session ends, for the audit trail (read only where one is kept).
    const who = typeof ctx.config.adapter?.createAuditEvent === 'function' ? await currentSession(ctx) : null
    cookies = await strategy.end(ctx)
    if (who) await recordAuditEvent(ctx, { type: 'sign-out', userId: who.userId })
  } catch (error) {
    // Logged and answered by the error boundary (503); nothing clears the cookie.
    if (error instanceof AdapterError) throw error
    ctx.config.logger.error(new SignOutError(error instanceof Error ? error : String(error)))
    cookies = clearChunkedCookie(
      ctx.cookies.sessionToken.name,
      ctx.cookies.sessionToken.options,
      ctx.req.cookies,
    )
  }
  // The session is already ended: should the `redirect` callback throw below, the error answer must still clear
  // the cookie, or a JWT session (which lives only in the cookie) would survive the sign-out.
  ctx.failureCookies.push(...cookies)
  const { url } = await ctx.callbackUrl()
  return { redirect: url, cookies }
}
