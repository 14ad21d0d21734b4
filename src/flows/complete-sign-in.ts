import { AccessDenied, AuthError } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'
import { fireEvent } from '../session/jwt-session.js'
import { sessionStrategy } from '../session/session-strategy-for.js'
import type { ResponseInternal } from '../types.js'
import type { FlowIdentity } from './sign-in-flow.js'

/**
 * The one path every provider kind ends in: the `signIn` callback, the session, `events.signIn`, the redirect.
 *
 * @see wire-contract §4.2 (credentials) and §4.4 (OAuth) for the argument shapes.
 */
export async function completeSignIn(ctx: RequestContext, identity: FlowIdentity): Promise<ResponseInternal> {
  const { config } = ctx
  const { user, account, profile, credentials } = identity
  const isNewUser = identity.isNewUser === true
  let allowed: boolean | string
  try {
    allowed = await config.callbacks.signIn({ user, account, profile, credentials })
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied(error instanceof Error ? error : String(error), { code: 'signin_callback_threw' })
  }
  if (typeof allowed === 'string') {
    const url = await config.callbacks.redirect({ url: allowed, baseUrl: ctx.origin })
    return { redirect: url }
  }
  if (allowed !== true) throw new AccessDenied({ code: 'signin_callback_refused' })

  const cookies = await sessionStrategy(config).create(ctx, { user, account, profile, isNewUser })
  await fireEvent(ctx, config.events.signIn, { user, account, profile, isNewUser })

  const { url, cookie } = await ctx.callbackUrl()
  if (cookie) cookies.push(cookie)
  if (isNewUser && config.pages.newUser) {
    const target = ctx.pageUrl(config.pages.newUser)
    const sep = target.includes('?') ? '&' : '?'
    return { redirect: `${target}${sep}callbackUrl=${encodeURIComponent(url)}`, cookies }
  }
  return { redirect: url, cookies }
}
