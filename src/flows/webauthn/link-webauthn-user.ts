import { recordAuditEvent } from '../../audit/record-audit-event.js'
import { cryptoBackend } from '#crypto'
import type { AdapterAccount, AdapterUser } from '../../adapters/adapter.js'
import { AccountNotLinked } from '../../errors.js'
import { fireEvent } from '../../lib/fire-event.js'
import type { RequestContext } from '../../routing/request-context.js'
import { signedInUserId } from '../../session/signed-in-user-id.js'
import type { AccountUser } from '../link-account.js'
import type { FlowIdentity } from '../sign-in-flow.js'
import type { WebAuthnRegistration } from './webauthn-registration.js'
import { webauthnAdapter } from './webauthn-options-answer.js'

function notLinked(message: string): AccountNotLinked {
  return new AccountNotLinked(message, { reason: 'webauthn_credential_linked_to_other_user' })
}

/**
 * After the `signIn` callback allowed a WebAuthn sign-in: the adapter user it is for, with, for a registration,
 * the new account and authenticator written (wire-contract §4.3, Auth.js's `handleLoginOrRegister` for webauthn).
 * A passkey is added to the user signed in now (who must be the one the options were for), or makes a new user for
 * an address no user has; a credential or an address of another user is `AccountNotLinked`.
 */
export async function linkWebAuthnUser(
  ctx: RequestContext,
  identity: FlowIdentity<WebAuthnRegistration | undefined>,
): Promise<AccountUser> {
  const adapter = webauthnAdapter(ctx)
  const { config } = ctx
  const authenticator = identity.data?.authenticator
  if (!authenticator) return { user: identity.user as AdapterUser, isNewUser: false }

  const { account } = identity
  const currentId = await signedInUserId(ctx)
  const existing = await adapter.getAccount(account.providerAccountId, account.provider)
  if (existing) {
    // Only a replayed registration can meet its own credential id: never move it to someone else.
    throw notLinked('This passkey is already registered.')
  }
  const registerFor = identity.user.id
  if (registerFor !== undefined && registerFor !== currentId) {
    throw new AccountNotLinked('The user signed in changed between the options and the registration.', {
      reason: 'webauthn_signed_in_user_changed',
    })
  }

  let user: AdapterUser | null = currentId === null ? null : await adapter.getUser(currentId)
  let isNewUser = false
  if (!user) {
    const email = String(identity.user.email)
    if (adapter.getUserByEmail && (await adapter.getUserByEmail(email))) {
      // Whoever owns the address signs in with it and adds a passkey then; typing it is no proof.
      throw new AccountNotLinked('Another account already exists with the same e-mail address.', {
        reason: 'email_belongs_to_other_user',
      })
    }
    const { id: _none, ...fields } = identity.user
    user = await adapter.createUser({ ...fields, id: cryptoBackend.randomUUID(), email, emailVerified: null })
    isNewUser = true
    await fireEvent(ctx, config.events.createUser, { user })
  }

  const linked: AdapterAccount = { ...account, userId: user.id, type: 'webauthn' }
  try {
    await adapter.linkAccount(linked)
    await adapter.createAuthenticator({ ...authenticator, userId: user.id })
  } catch (error) {
    // A registration that fails half way leaves no new user behind without a way to sign in.
    if (isNewUser && typeof adapter.deleteUser === 'function') {
      await Promise.resolve(adapter.deleteUser(user.id)).catch((cleanup: unknown) =>
        config.logger.error(cleanup instanceof Error ? cleanup : new Error(String(cleanup))),
      )
    }
    throw error
  }
  await fireEvent(ctx, config.events.linkAccount, { user, account: linked, profile: user })
  await recordAuditEvent(ctx, { type: 'passkey-added', userId: user.id, provider: account.provider })
  return { user, isNewUser }
}
