import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { issueSession } from './issue-session.js'
import { pendingSignInCookies } from './pending-sign-in-cookie.js'
import type { ResolvedSignIn } from './resolved-sign-in.js'

/**
 * Takes a resolved sign-in through the configuration's gates, from the one at `from`: the first gate that holds it
 * answers, with the pending cookie that keeps it (and the callback URL, so the resumed sign-in ends where this one
 * was going); when every gate lets it pass, the session is issued.
 */
export async function passSignInGates(
  ctx: RequestContext,
  signIn: ResolvedSignIn,
  from = 0,
): Promise<ResponseInternal> {
  const gates = ctx.config.signInGates
  for (let index = from; index < gates.length; index++) {
    const gate = gates[index]!
    const held = await gate.check(ctx, signIn)
    if (held === undefined) continue
    const cookies = [...(held.cookies ?? []), ...(await pendingSignInCookies(ctx, gate, signIn))]
    const { cookie } = await ctx.callbackUrl()
    if (cookie) cookies.push(cookie)
    return { ...held, cookies }
  }
  return issueSession(ctx, signIn)
}
