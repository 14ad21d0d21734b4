import { recordAuditEvent } from '../../audit/record-audit-event.js'
import { cryptoBackend } from '#crypto'
import { AdapterError } from '../../errors.js'
import { fireEvent } from '../../lib/fire-event.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { User } from '../../types.js'
import type { FlowIdentity } from '../sign-in-flow.js'

/**
 * The adapter user of a confirmed e-mail sign-in, once the `signIn` callback allowed it: the existing user with
 * `emailVerified` set now (`events.updateUser`), or a new one (`events.createUser`). No account is linked, as in
 * Auth.js (wire-contract §4.1).
 */
export async function storeEmailUser(
  ctx: RequestContext,
  identity: FlowIdentity,
): Promise<{ user: User; isNewUser: boolean }> {
  const adapter = ctx.config.adapter
  const email = identity.account.providerAccountId
  if (!adapter?.getUserByEmail || !adapter.updateUser || !adapter.createUser) {
    // Configuration refuses an e-mail provider without these methods; kept for an adapter changed afterwards.
    throw new AdapterError('E-mail sign-in needs the adapter methods getUserByEmail, updateUser, createUser.')
  }
  const now = new Date()
  const existing = await adapter.getUserByEmail(email)
  if (existing) {
    const updated = await adapter.updateUser({ id: existing.id, emailVerified: now })
    const user = updated ?? { ...existing, emailVerified: now }
    await fireEvent(ctx, ctx.config.events.updateUser, { user })
    if (!existing.emailVerified) await recordAuditEvent(ctx, { type: 'email-verified', userId: user.id })
    return { user, isNewUser: false }
  }
  const user = await adapter.createUser({
    ...identity.user,
    id: identity.user.id ?? cryptoBackend.randomUUID(),
    email,
    emailVerified: now,
  })
  await fireEvent(ctx, ctx.config.events.createUser, { user })
  await recordAuditEvent(ctx, { type: 'email-verified', userId: user.id })
  return { user, isNewUser: true }
}
