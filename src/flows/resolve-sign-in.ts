import type { AdapterUser } from '../adapters/adapter.js'
import { AccessDenied, AuthError, CallbackRouteError } from '../errors.js'
import type { ProviderConfig } from '../providers/provider-types.js'
import { parseCallbackCandidate, redirectTarget } from '../answer/redirect-target.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal, User } from '../types.js'
import { resolveAccountUser } from './link-account.js'
import type { ResolvedSignIn } from './resolved-sign-in.js'
import type { FlowIdentity, SignInFlow } from './sign-in-flow.js'

/** What resolving a sign-in gives: the state to go on with, or the `signIn` callback's own redirect. */
export type SignInResolution = { signIn: ResolvedSignIn } | { answer: ResponseInternal }

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
 * Who signed in, with which account: the `signIn` callback, then the adapter user (an OAuth account linked, or
 * the flow's own `storeUser`: the e-mail user verified, a passkey registered). Everything that decides or stores
 * who the user is happens here, once; nothing of the session yet.
 *
 * @see wire-contract §4.2 (credentials) and §4.4 (OAuth, account linking) for the argument shapes.
 */
export async function resolveSignIn<Config extends ProviderConfig, Data>(
  ctx: RequestContext,
  flow: SignInFlow<Config, Data>,
  identity: FlowIdentity<Data>,
): Promise<SignInResolution> {
  const { config } = ctx
  const { account, profile, credentials } = identity
  const adapter = flow.linksAccounts ? config.accountAdapter : undefined
  let user: User = identity.user
  let isNewUser = identity.isNewUser === true
  // As in Auth.js, the `signIn` callback sees the stored user when the account is already linked.
  const userByAccount = adapter ? await adapter.getUserByAccount(account) : null
  // Credentials with database sessions: the session belongs to the adapter user `authorize` named, while the
  // `signIn` callback and event still get the raw `authorize` result (spec §6).
  const storedUser =
    flow.sessionUserFromAdapter && config.session.strategy === 'database'
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
    return { answer: { redirect: url } }
  }
  if (allowed !== true) throw new AccessDenied({ reason: 'signin_callback_refused' })

  if (adapter) {
    const resolved = await resolveAccountUser(ctx, adapter, identity, userByAccount)
    user = resolved.user
    isNewUser = resolved.isNewUser
  } else if (flow.storeUser) {
    const stored = await flow.storeUser(ctx, identity)
    user = stored.user
    isNewUser = stored.isNewUser
  }
  return {
    signIn: {
      providerId: ctx.provider?.id ?? account.provider,
      sessionUser: storedUser ?? user,
      user,
      account,
      profile,
      isNewUser,
      multiFactor: identity.multiFactor === true,
    },
  }
}
