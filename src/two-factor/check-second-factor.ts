import { fireEvent } from '../lib/fire-event.js'
import type { RequestContext } from '../routing/request-context.js'
import { backupCodeHash } from './backup-codes.js'
import type { ResolvedTwoFactor } from './resolve-two-factor.js'
import { totpStep } from './totp.js'

/** Wrong codes one user may send in {@link USER_WINDOW_MS}, over every pending sign-in and instance. */
export const USER_ATTEMPTS = 10
export const USER_WINDOW_MS = 15 * 60 * 1000

/**
 * Checks a second-factor code of `userId`: a TOTP code (its step used once, in the shared store and in the
 * database) or an unused backup code (spent). `wrong` does not say which kind failed; `locked` when the user's
 * attempts (counted in `stores.limits`, so across instances) are used up. A correct code resets the count.
 */
export async function checkSecondFactor(
  ctx: RequestContext,
  twoFactor: ResolvedTwoFactor,
  userId: string,
  code: unknown,
): Promise<'ok' | 'wrong' | 'locked'> {
  const { limits, singleUse } = ctx.config.stores
  const key = `two-factor-user:${userId}`
  const hit = await limits.increment(key, USER_WINDOW_MS)
  if (hit.count > USER_ATTEMPTS) return 'locked'
  const text = typeof code === 'string' ? code.slice(0, 64) : ''
  const record = await twoFactor.adapter.getTwoFactor(userId)
  if (record === null || !record.enabled) return 'wrong'
  const opened = await twoFactor.secrets.open(record.secret)
  const step = opened === undefined ? undefined : totpStep(opened.secret, text)
  let ok = false
  if (step !== undefined) {
    // Both must agree: the shared store refuses a step another instance is using this instant, the database a
    // step at or before the last one used (a replay, even after the store forgot it).
    ok =
      (await singleUse.consume(`two-factor-step:${userId}:${step}`, 3 * 30_000)) &&
      (await twoFactor.adapter.useTwoFactorStep(userId, step))
    if (ok && !opened!.current) {
      // Sealed under a retired secret: write it again under the newest, keeping what was just recorded.
      const fresh = await twoFactor.adapter.getTwoFactor(userId)
      if (fresh)
        await twoFactor.adapter.setTwoFactor({
          ...fresh,
          secret: await twoFactor.secrets.seal(opened!.secret),
        })
    }
  } else {
    const hash = backupCodeHash(userId, text)
    if (hash !== undefined && (await twoFactor.adapter.useBackupCode(userId, hash))) {
      ok = true
      const remaining = (await twoFactor.adapter.getTwoFactor(userId))?.backupCodes.length ?? 0
      await fireEvent(ctx, ctx.config.events.twoFactor, {
        user: { id: userId },
        action: 'backup-code-used',
        backupCodesRemaining: remaining,
      })
    }
  }
  if (!ok) return 'wrong'
  await limits.reset(key)
  return 'ok'
}
