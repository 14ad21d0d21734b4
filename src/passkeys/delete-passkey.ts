import { cryptoBackend } from '#crypto'
import type { Adapter } from '../adapters/adapter.js'
import type { AuditEvent } from '../audit/audit-event.js'
import { PasskeyManagementError } from './passkey-management-error.js'
import { hasEmailSignIn } from '../flows/email/has-email-sign-in.js'
import { ownAuthenticator, passkeyAdapter, type PasskeyConfig } from './passkey-store.js'

/** Options of {@link deletePasskey}. */
export interface DeletePasskeyOptions {
  /**
   * Delete even when it is the user's last way to sign in that Gatehouse can see. Pass it when the user has a way
   * Gatehouse cannot see (a password checked by a credentials provider), or after the user confirmed.
   */
  allowLastMethod?: boolean
}

/**
 * The sign-in methods a user keeps without this passkey: other passkeys, accounts of other kinds (OAuth, OIDC;
 * read with the adapter's `listAccounts`, when it has one), and an e-mail address when the configuration has an
 * e-mail provider. A credentials provider's passwords are invisible here.
 */
async function otherMethods(config: PasskeyConfig, userId: string, credentialID: string): Promise<number> {
  const adapter = passkeyAdapter(config)
  const passkeys = (await adapter.listAuthenticatorsByUserId(userId)).filter(
    (a) => a.credentialID !== credentialID,
  )
  const accounts = adapter.listAccounts ? await adapter.listAccounts(userId) : []
  const others = accounts.filter((a) => a.type !== 'webauthn')
  const user = adapter.getUser ? await adapter.getUser(userId) : null
  const email = user?.email && hasEmailSignIn(config) ? 1 : 0
  return passkeys.length + others.length + email
}

/**
 * Deletes one of a user's passkeys, with its `webauthn` account. Refuses (`last_sign_in_method`) when the user
 * would be left without a way to sign in, unless `allowLastMethod` is set. Needs an adapter with
 * `deleteAuthenticator` (Gatehouse's adapters).
 *
 * @throws PasskeyManagementError `not_found`, `last_sign_in_method`, `not_supported`
 * @example
 * ```ts
 * await deletePasskey(authConfig, session.user.id, credentialID)
 * ```
 */
export async function deletePasskey(
  config: PasskeyConfig,
  userId: string,
  credentialID: string,
  options: DeletePasskeyOptions = {},
): Promise<void> {
  const adapter = passkeyAdapter(config)
  if (typeof adapter.deleteAuthenticator !== 'function') {
    throw new PasskeyManagementError('Deleting a passkey needs an adapter with deleteAuthenticator.', {
      reason: 'not_supported',
    })
  }
  await ownAuthenticator(adapter, userId, credentialID)
  if (options.allowLastMethod !== true && (await otherMethods(config, userId, credentialID)) === 0) {
    throw new PasskeyManagementError(
      'This is the last way this user can sign in. Add another first, or pass { allowLastMethod: true }.',
      { reason: 'last_sign_in_method' },
    )
  }
  await adapter.deleteAuthenticator(credentialID)
  await recordRemoval(adapter, userId)
}

/**
 * The audit trail's `passkey-removed`, written straight to the adapter: these functions get the application's
 * configuration, not a resolved one with its logger and webhooks, so no webhook goes out for it. Never fails the
 * deletion it records.
 */
async function recordRemoval(adapter: Adapter, userId: string): Promise<void> {
  if (typeof adapter.createAuditEvent !== 'function') return
  const event: AuditEvent = {
    id: cryptoBackend.randomUUID(),
    userId,
    type: 'passkey-removed',
    outcome: 'success',
    reason: null,
    provider: null,
    clientAddress: null,
    userAgent: null,
    createdAt: new Date(),
  }
  await Promise.resolve(adapter.createAuditEvent(event)).catch(() => undefined)
}
