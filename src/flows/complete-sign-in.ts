import type { AdapterUser } from '../adapters/adapter.js'
import { AccessDenied, AuthError, CallbackRouteError } from '../errors.js'
import { parseCallbackCandidate, redirectTarget } from '../routing/redirect-target.js'
import type { RequestContext } from '../routing/request-context.js'
import { fireEvent } from '../lib/fire-event.js'
import type { ResponseInternal, User } from '../types.js'
import { flowForType } from './flow-for.js'
import { resolveAccountUser } from './link-account.js'
import type { FlowIdentity } from './sign-in-flow.js'

/**
 * A credentials sign-in with database sessions: `authorize` must return the id of an adapter user, since the
 * session row references it. Auth.js refuses this combination outright (issue #9636); Gatehouse supports it.
 */
async function credentialsUser(ctx: RequestContext, user: User): Promise<AdapterUser> {
  const adapter = ctx.config.adapter
  const found = user.id === undefined || !adapter?.getUser ? null : await adapter.getUser(user.id)
  if (!found) {
    throw new CallbackRouteError(
      `\`authorize\` of provider "${ctx.provider?.id ?? 'credentials'}" returned a user whose id ` +
        `("${String(user.id)}") is not a user of the adapter. With database sessions, return the adapter user.`,
      { reason: 'credentials_user_not_in_adapter' },
    )
  }
  return found
}

/**
 * The one path every provider kind ends in: the `signIn` callback, users and accounts in the adapter, the session,
 * `events.signIn`, the redirect.
 *
 * @see wire-contract §4.2 (credentials) and §4.4 (OAuth, account linking) for the argument shapes.
 */
export async function completeSignIn(ctx: RequestContext, identity: FlowIdentity): Promise<ResponseInternal> {
  const { config } = ctx
  const { account, profile, credentials } = identity
  const flow = flowForType(account.type)
  const adapter = flow?.linksAccounts ? config.accountAdapter : undefined
  let user: User = identity.user
  let isNewUser = identity.isNewUser === true
  // As in Auth.js, the `signIn` callback sees the stored user when the account is already linked.
  const userByAccount = adapter ? await adapter.getUserByAccount(account) : null
  // Credentials with database sessions: the session belongs to the adapter user `authorize` named, while the
  // `signIn` callback and event still get the raw `authorize` result (spec §6).
  const storedUser =
    flow?.sessionUserFromAdapter && config.session.strategy === 'database'
      ? { ...user, ...(await credentialsUser(ctx, user)) }
      : undefined

  let allowed: boolean | string
  try {
    allowed = await config.callbacks.signIn({ user: userByAccount ?? user, account, profile, credentials })
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied(error instanceof Error ? error : String(error), {
      reason: 'signin_callback_threw',
    })
  }
  if (typeof allowed === 'string') {
    // The same path as every callback URL: a string that is not an http(s) URL asks for the origin.
    const url = await redirectTarget(ctx, parseCallbackCandidate(allowed, ctx.origin) ?? ctx.origin)
    return { redirect: url }
  }
  if (allowed !== true) throw new AccessDenied({ reason: 'signin_callback_refused' })

  if (adapter) {
    const resolved = await resolveAccountUser(ctx, adapter, identity, userByAccount)
    user = resolved.user
    isNewUser = resolved.isNewUser
  } else if (flow?.storeUser) {
    const stored = await flow.storeUser(ctx, identity)
    user = stored.user
    isNewUser = stored.isNewUser
  }

  const cookies = await config.sessionStrategy.create(ctx, {
    user: storedUser ?? user,
    account,
    profile,
    isNewUser,
  })
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
