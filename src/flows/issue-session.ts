import { recordAuditEvent } from '../audit/record-audit-event.js'
import { fireEvent } from '../lib/fire-event.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { clearPendingSignInCookies } from './pending-sign-in-cookie.js'
import type { ResolvedSignIn } from './resolved-sign-in.js'

/**
 * The end of every sign-in: the session through the configured strategy (the `jwt` callback runs here, once, with
 * trigger `signIn` or `signUp`), `events.signIn` once, any sign-in this browser had held cleared, and the redirect
 * to the callback URL (or `pages.newUser` for a new user).
 */
export async function issueSession(ctx: RequestContext, signIn: ResolvedSignIn): Promise<ResponseInternal> {
  const { config } = ctx
  const { account, profile, isNewUser } = signIn
  const cookies = await config.sessionStrategy.create(ctx, {
    user: signIn.sessionUser,
    account,
    profile,
    isNewUser,
  })
  await fireEvent(ctx, config.events.signIn, { user: signIn.user, account, profile, isNewUser })
  await recordAuditEvent(ctx, {
    type: 'sign-in',
    userId: signIn.sessionUser.id ?? null,
    provider: account?.provider ?? ctx.provider?.id,
  })
  cookies.push(...clearPendingSignInCookies(ctx))

  const { url, cookie } = await ctx.callbackUrl()
  if (cookie) cookies.push(cookie)
  if (isNewUser && config.pages.newUser) {
    const target = ctx.pageUrl(config.pages.newUser)
    const sep = target.includes('?') ? '&' : '?'
    return { redirect: `${target}${sep}callbackUrl=${encodeURIComponent(url)}`, cookies }
  }
  return { redirect: url, cookies }
}
