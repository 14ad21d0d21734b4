import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'

/**
 * Back to the sign-in page (or `pages.signIn`) with `?error=EmailSignin`: the answer when no link could be sent.
 * Auth.js declares this error but answers `Configuration`; the sign-in page has a message for it.
 */
export function emailSignInFailed(ctx: RequestContext): ResponseInternal {
  const custom = ctx.config.pages.signIn
  const page = custom ? ctx.pageUrl(custom) : ctx.actionUrl('signin')
  return { redirect: `${page}${page.includes('?') ? '&' : '?'}error=EmailSignin` }
}
