import { InvalidCheck } from '../errors.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { passSignInGates } from './pass-sign-in-gates.js'
import { clearPendingSignInCookies, readPendingSignIn, type PendingSignIn } from './pending-sign-in-cookie.js'
import type { SignInGate } from './sign-in-gate.js'

/**
 * The sign-in `gate` holds in this browser, for the gate's route to check what it asks for (a code of that user)
 * before {@link resumeSignIn}. A cookie that does not open is scheduled for deletion.
 *
 * @throws InvalidCheck `pending_sign_in_missing` (none: the sign-in did not start in this browser, or it was
 *   resumed already), `pending_sign_in_invalid` (tampered, expired, sealed with another secret or for another
 *   purpose) or `pending_sign_in_other_gate` (held by another gate).
 */
export async function openPendingSignIn(ctx: RequestContext, gate: SignInGate): Promise<PendingSignIn> {
  const pending = await readPendingSignIn(ctx)
  if (pending === 'missing') {
    throw new InvalidCheck('No sign-in is waiting in this browser, or it was completed already.', {
      reason: 'pending_sign_in_missing',
    })
  }
  if (pending === 'invalid') {
    ctx.failureCookies.push(...clearPendingSignInCookies(ctx))
    throw new InvalidCheck('The waiting sign-in could not be opened, or it expired: sign in again.', {
      reason: 'pending_sign_in_invalid',
    })
  }
  if (pending.gate !== gate.name) {
    throw new InvalidCheck(`The waiting sign-in is held by "${pending.gate}", not by "${gate.name}".`, {
      reason: 'pending_sign_in_other_gate',
    })
  }
  return pending
}

/**
 * Spends a held sign-in: `true` the first time its id is spent (on any instance sharing `stores.singleUse`), `false`
 * after. A gate voids a hold this way too (too many wrong codes), so that a copy of its cookie is dead as well.
 */
export function spendPendingSignIn(ctx: RequestContext, pending: PendingSignIn): Promise<boolean> {
  const ttl = Math.max(1000, pending.expires.getTime() - Date.now() + 30_000)
  return ctx.config.stores.singleUse.consume(`pending-sign-in:${pending.id}`, ttl)
}

/**
 * Lets a held sign-in on once its gate's route is satisfied: through the gates after the one that held it, then the
 * session, exactly as if it had never waited (one `jwt` callback with trigger `signIn`/`signUp`, one
 * `events.signIn`). The pending cookie is cleared by the session, or replaced by the next gate's. A hold resumes
 * once: its id is spent first, so a copy of the cookie replayed after success (or raced beside it) is refused.
 *
 * @throws InvalidCheck `pending_sign_in_other_gate` when the gate that held it is no longer configured,
 *   `pending_sign_in_used` when it was resumed (or voided) already.
 */
export async function resumeSignIn(ctx: RequestContext, pending: PendingSignIn): Promise<ResponseInternal> {
  const index = ctx.config.signInGates.findIndex((gate) => gate.name === pending.gate)
  if (index === -1) {
    throw new InvalidCheck(`The waiting sign-in is held by "${pending.gate}", which is not configured.`, {
      reason: 'pending_sign_in_other_gate',
    })
  }
  if (!(await spendPendingSignIn(ctx, pending))) {
    ctx.failureCookies.push(...clearPendingSignInCookies(ctx))
    throw new InvalidCheck('This waiting sign-in was completed or voided already: sign in again.', {
      reason: 'pending_sign_in_used',
    })
  }
  return passSignInGates(ctx, pending.signIn, index + 1)
}
