import { recordAuditEvent } from '../audit/record-audit-event.js'
import { pageResult } from '../pages/page-result.js'
import { InvalidCheck, UnknownAction } from '../errors.js'
import { clearPendingSignInCookies, readPendingSignIn } from '../flows/pending-sign-in-cookie.js'
import { openPendingSignIn, resumeSignIn, spendPendingSignIn } from '../flows/resume-sign-in.js'
import { renderTwoFactorChallengePage } from '../pages/two-factor-challenge-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { checkSecondFactor } from './check-second-factor.js'
import { checkPasskey, passkeyButtonFor } from './passkey-second-factor.js'
import type { ResolvedTwoFactor } from './resolve-two-factor.js'
import { trustedDeviceCookie } from './trusted-device.js'
import { TWO_FACTOR_GATE } from './two-factor-gate.js'

/** Codes one held sign-in may try: the fifth wrong one voids it (and every copy of its cookie). */
export const HOLD_ATTEMPTS = 5

/** The resolved `twoFactor` option (the routes answer 400 before their handler runs without it). */
export function twoFactorOf(ctx: RequestContext): ResolvedTwoFactor {
  const twoFactor = ctx.config.twoFactor
  if (twoFactor === undefined) {
    throw new UnknownAction('Two-factor sign-in is not configured (the `twoFactor` option).', {
      reason: 'two_factor_not_configured',
    })
  }
  return twoFactor
}

/** A known `?error=` of the two-factor pages; anything else shows none. */
export function pageError(ctx: RequestContext): 'invalid' | 'locked' | undefined {
  const error = ctx.req.query['error']
  return error === 'invalid' || error === 'locked' ? error : undefined
}

/** The challenge page's `?error=`: the setup page's, and a refused passkey (`passkey`). */
function challengeError(ctx: RequestContext): 'invalid' | 'locked' | 'passkey' | undefined {
  return ctx.req.query['error'] === 'passkey' ? 'passkey' : pageError(ctx)
}

/** `GET {basePath}/two-factor`: the challenge, for a sign-in the two-factor gate holds in this browser. */
export async function twoFactorChallengePage(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const pending = await readPendingSignIn(ctx)
  if (typeof pending !== 'object' || pending.gate !== TWO_FACTOR_GATE) {
    // Nothing to finish here (expired, completed, another gate's): start again at the sign-in page.
    return {
      redirect: ctx.actionUrl('signin'),
      cookies: pending === 'invalid' ? clearPendingSignInCookies(ctx) : [],
    }
  }
  const csrf = ctx.csrf()
  const page = renderTwoFactorChallengePage({
    url: ctx.routeUrl('callback/two-factor'),
    csrfToken: csrf.token,
    rememberDays: Math.floor(twoFactor.trustedDeviceMaxAge / 86_400),
    error: challengeError(ctx),
    signinUrl: ctx.actionUrl('signin'),
    passkey: pending.signIn.sessionUser.id
      ? await passkeyButtonFor(ctx, pending.signIn.sessionUser.id)
      : undefined,
    theme: ctx.config.theme,
  })
  return { ...pageResult(page), cookies: csrf.cookie ? [csrf.cookie] : [] }
}

/**
 * `POST {basePath}/callback/two-factor` (`code`, `csrfToken`, optional `remember`): a correct TOTP or backup code of
 * the held user issues the session (the `jwt` callback and `events.signIn` run now, once); a wrong one answers the
 * challenge again with `error=invalid`, the same for either kind; a refused `passkey` (the JSON of a WebAuthn
 * response to `two-factor/passkey-options`) with `error=passkey`; the fifth wrong answer voids the hold.
 */
export async function twoFactorCallback(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const pending = await openPendingSignIn(ctx, twoFactor.gate)
  const userId = pending.signIn.sessionUser.id ?? ''
  const window = Math.max(1000, pending.expires.getTime() - Date.now() + 30_000)
  const tries = await ctx.config.stores.limits.increment(`two-factor-hold:${pending.id}`, window)
  if (tries.count > HOLD_ATTEMPTS) return voidHold(ctx, pending)
  const passkey = ctx.req.body?.['passkey']
  const result =
    passkey === undefined
      ? await checkSecondFactor(ctx, twoFactor, userId, ctx.req.body?.['code'])
      : (await checkPasskey(ctx, userId, passkey))
        ? 'ok'
        : 'wrong'
  if (result === 'locked') return { redirect: `${ctx.routeUrl('two-factor')}?error=locked` }
  if (result === 'wrong') {
    await recordAuditEvent(ctx, {
      type: 'two-factor-used',
      userId,
      outcome: 'failure',
      reason: 'code_invalid',
    })
    if (tries.count >= HOLD_ATTEMPTS) return voidHold(ctx, pending)
    // A refused passkey says so (a wrong TOTP and a wrong backup code stay one answer).
    return {
      redirect: `${ctx.routeUrl('two-factor')}?error=${passkey === undefined ? 'invalid' : 'passkey'}`,
    }
  }
  await recordAuditEvent(ctx, { type: 'two-factor-used', userId })
  const answer = await resumeSignIn(ctx, pending)
  const remember = ctx.req.body?.['remember']
  if (twoFactor.trustedDeviceMaxAge > 0 && (remember === '1' || remember === 'true' || remember === 'on')) {
    const record = await twoFactor.adapter.getTwoFactor(userId)
    if (record) {
      const cookie = await trustedDeviceCookie(
        ctx,
        userId,
        record.trustedDevicesVersion,
        twoFactor.trustedDeviceMaxAge,
      )
      return { ...answer, cookies: [...(answer.cookies ?? []), cookie] }
    }
  }
  return answer
}

/**
 * Spends the hold (so a copy of its cookie is dead too), deletes its cookie and sends the user to sign in again, as
 * a refused sign-in (`error=CredentialsSignin&code=two_factor_locked`), the reason logged.
 */
async function voidHold(
  ctx: RequestContext,
  pending: Awaited<ReturnType<typeof openPendingSignIn>>,
): Promise<ResponseInternal> {
  await spendPendingSignIn(ctx, pending)
  ctx.config.logger.error(
    new InvalidCheck('Too many wrong two-factor codes: this sign-in is void, sign in again.', {
      reason: 'two_factor_locked',
    }),
  )
  const page = ctx.config.pages.signIn ? ctx.pageUrl(ctx.config.pages.signIn) : ctx.actionUrl('signin')
  const separator = page.includes('?') ? '&' : '?'
  return {
    redirect: `${page}${separator}error=CredentialsSignin&code=two_factor_locked`,
    cookies: clearPendingSignInCookies(ctx),
  }
}
