import type { Adapter, AdapterAccount, AdapterUser } from '../adapters/adapter.js'
import type { AdapterFor } from '../adapters/adapter-for.js'
import { AdapterError, OAuthAccountNotLinked } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'
import { fireEvent } from '../lib/fire-event.js'
import { signedInUserId } from '../session/signed-in-user-id.js'
import type { Account, User } from '../types.js'
import type { FlowIdentity } from './sign-in-flow.js'

/** Who an OAuth sign-in resolved to in the adapter. */
export interface AccountUser {
  user: AdapterUser
  isNewUser: boolean
}

// A concurrent first sign-in with the same account may have created the user but not yet linked the account:
// wait this long in total for it to appear before giving up.
const RACE_RETRIES = 20
const RACE_DELAY_MS = 25

/** The adapter as account linking sees it: configuration refuses OAuth providers without these methods. */
export type AccountAdapter = AdapterFor<'accounts'>

function toAdapterAccount(account: Account, userId: string): AdapterAccount {
  return { ...account, userId, type: account.type as AdapterAccount['type'] }
}

/**
 * Writes refreshed provider tokens of a linked account through the adapter's `updateAccount`, when it has one.
 * The OAuth refresh helper calls this so that database accounts do not keep the tokens of the first sign-in.
 *
 * @returns whether the adapter stored them.
 */
export async function persistAccountTokens(
  adapter: Adapter | undefined,
  account: Pick<Account, 'provider' | 'providerAccountId'> & Partial<Account>,
): Promise<boolean> {
  if (!adapter?.updateAccount) return false
  const { userId: _userId, type: _type, ...tokens } = account
  const stored = await adapter.updateAccount(tokens)
  return stored !== null && stored !== undefined
}

async function waitForLinkedUser(
  adapter: AccountAdapter,
  account: Account,
  retries = RACE_RETRIES,
): Promise<AdapterUser | null> {
  for (let i = 0; i < retries; i++) {
    const user = await adapter.getUserByAccount(account)
    if (user) return user
    await new Promise((resolve) => setTimeout(resolve, RACE_DELAY_MS))
  }
  return null
}

/**
 * Resolves an OAuth/OIDC sign-in to an adapter user (wire-contract §4.4): the user the account is linked to; else
 * the signed-in user, to whom the account is linked; else the user with the same e-mail when the provider allows
 * dangerous linking (without a `createUser` event: nobody was created); else a new user. Another user owning the
 * account or the e-mail is `OAuthAccountNotLinked`. Two concurrent first sign-ins end with one user and one
 * account: the loser of the unique-constraint race re-reads the winner's rows.
 */
export async function resolveAccountUser(
  ctx: RequestContext,
  adapter: AccountAdapter,
  identity: FlowIdentity<unknown>,
  userByAccount: AdapterUser | null,
): Promise<AccountUser> {
  const { config } = ctx
  const { account, profile } = identity
  const currentId = await signedInUserId(ctx)

  if (userByAccount) {
    if (currentId !== null && currentId !== userByAccount.id) {
      throw new OAuthAccountNotLinked('The account is already associated with another user.', {
        reason: 'account_linked_to_other_user',
      })
    }
    // Auth.js keeps the tokens of the first sign-in forever; store the fresh ones.
    await persistAccountTokens(adapter, account)
    return { user: userByAccount, isNewUser: false }
  }

  const link = async (user: AdapterUser) => {
    const linked = toAdapterAccount(account, user.id)
    await adapter.linkAccount(linked)
    await fireEvent(ctx, config.events.linkAccount, {
      user,
      account: linked,
      profile: (profile ?? user) as User,
    })
  }

  const current = currentId === null ? null : await adapter.getUser(currentId)
  if (current) {
    await link(current)
    return { user: current, isNewUser: false }
  }

  const email = typeof identity.user.email === 'string' ? identity.user.email : null
  const byEmail = email ? await adapter.getUserByEmail(email) : null
  if (byEmail) {
    const dangerous = (ctx.provider as { allowDangerousEmailAccountLinking?: boolean } | undefined)
      ?.allowDangerousEmailAccountLinking
    if (dangerous !== true) {
      // The e-mail may be that of a user a concurrent first sign-in with this very account has just created and
      // is about to link: look again briefly before refusing.
      const winner = await waitForLinkedUser(adapter, account, 4)
      if (winner) return { user: winner, isNewUser: false }
      throw new OAuthAccountNotLinked('Another account already exists with the same e-mail address.', {
        reason: 'email_belongs_to_other_user',
      })
    }
    await link(byEmail)
    return { user: byEmail, isNewUser: false }
  }

  const { id: _derived, ...fields } = identity.user
  // An account without an e-mail makes a user without one (NULL, which the unique index allows many of).
  const newUser: AdapterUser = {
    ...fields,
    id: crypto.randomUUID(),
    email: email as string,
    emailVerified: null,
  }
  const outcome = hasCreateWithAccount(adapter)
    ? await createWithAccount(adapter, newUser, account)
    : await createThenLink(ctx, adapter, newUser, account)
  if (!outcome.isNewUser) return outcome
  const created = outcome.user
  await fireEvent(ctx, config.events.createUser, { user: created })
  await fireEvent(ctx, config.events.linkAccount, {
    user: created,
    account: toAdapterAccount(account, created.id),
    profile: (profile ?? created) as User,
  })
  return { user: created, isNewUser: true }
}

function hasCreateWithAccount(
  adapter: AccountAdapter,
): adapter is AccountAdapter & Required<Pick<Adapter, 'createUserWithAccount'>> {
  return typeof adapter.createUserWithAccount === 'function'
}

/**
 * The first sign-in's user and account in one adapter call (a transaction in the SQL adapters): a failure leaves
 * nothing behind. The loser of two concurrent first sign-ins with one account gets the winner's user.
 */
async function createWithAccount(
  adapter: AccountAdapter & Required<Pick<Adapter, 'createUserWithAccount'>>,
  newUser: AdapterUser,
  account: Account,
): Promise<AccountUser> {
  try {
    const user = await adapter.createUserWithAccount(newUser, toAdapterAccount(account, newUser.id))
    return { user, isNewUser: true }
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    const winner = await waitForLinkedUser(adapter, account)
    if (winner) return { user: winner, isNewUser: false }
    throw error
  }
}

/**
 * `createUser` then `linkAccount`, for adapters without `createUserWithAccount`. When the link fails, the user made
 * here is deleted again, as far as the adapter still answers.
 */
async function createThenLink(
  ctx: RequestContext,
  adapter: AccountAdapter,
  newUser: AdapterUser,
  account: Account,
): Promise<AccountUser> {
  let created: AdapterUser
  try {
    created = await adapter.createUser(newUser)
  } catch (error) {
    // Most likely the unique e-mail of a concurrent first sign-in with this same account: use its user.
    const winner = error instanceof AdapterError ? await waitForLinkedUser(adapter, account) : null
    if (winner) return { user: winner, isNewUser: false }
    throw error
  }
  try {
    await adapter.linkAccount(toAdapterAccount(account, created.id))
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    // Either the account was linked concurrently (take the winner's user) or the link failed: in both cases the
    // user made here is dropped, so a failure leaves no user without its account behind.
    const winner = await waitForLinkedUser(adapter, account).catch(() => null)
    if (typeof adapter.deleteUser === 'function' && winner?.id !== created.id) {
      await Promise.resolve(adapter.deleteUser(created.id)).catch((cleanup: unknown) =>
        ctx.config.logger.error(cleanup instanceof Error ? cleanup : new Error(String(cleanup))),
      )
    }
    if (!winner) throw error
    return { user: winner, isNewUser: false }
  }
  return { user: created, isNewUser: true }
}
