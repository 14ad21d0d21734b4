import { recordAuditEvent } from '../audit/record-audit-event.js'
import { renderSVG } from 'uqr'
import type { AdapterTwoFactor } from '../adapters/adapter.js'
import { pageResult } from '../pages/page-result.js'
import type { SerializeOptions } from '../cookies/serialize-cookie.js'
import { InvalidCheck } from '../errors.js'
import { readPendingSignIn, type PendingSignIn } from '../flows/pending-sign-in-cookie.js'
import { resumeSignIn } from '../flows/resume-sign-in.js'
import { fireEvent } from '../lib/fire-event.js'
import { renderBackupCodesPage } from '../pages/backup-codes-page.js'
import { renderTwoFactorSetupPage } from '../pages/two-factor-setup-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie, ResponseInternal } from '../types.js'
import { backupCodeHash, newBackupCodes } from './backup-codes.js'
import { checkSecondFactor, USER_ATTEMPTS, USER_WINDOW_MS } from './check-second-factor.js'
import type { ResolvedTwoFactor } from './resolve-two-factor.js'
import { newTotpSecret, totpStep, totpUri } from './totp.js'
import { pageError, twoFactorOf } from './two-factor-challenge.js'
import { TWO_FACTOR_GATE } from './two-factor-gate.js'

/** How long a proposed secret waits for its first code: time to install an app. */
const SETUP_MAX_AGE = 10 * 60

/** Who is enrolling: a sign-in the gate holds for enrolment (`required`), or the signed-in user. */
interface Enrolling {
  readonly userId: string
  /** How the authenticator app labels the account. */
  readonly label: string
  readonly pending: PendingSignIn | undefined
}

async function enrolling(ctx: RequestContext, twoFactor: ResolvedTwoFactor): Promise<Enrolling | undefined> {
  const pending = await readPendingSignIn(ctx)
  if (typeof pending === 'object' && pending.gate === TWO_FACTOR_GATE && pending.signIn.sessionUser.id) {
    const user = pending.signIn.sessionUser
    return { userId: user.id!, label: user.email ?? user.name ?? user.id!, pending }
  }
  const userId = await ctx.config.sessionStrategy.signedInUserId(ctx)
  if (userId === null) return undefined
  const user = await twoFactor.adapter.getUser(userId)
  return user ? { userId, label: user.email ?? user.name ?? userId, pending: undefined } : undefined
}

function setupCookie(ctx: RequestContext): { name: string; options: SerializeOptions } {
  const { expires: _expires, maxAge: _maxAge, ...options } = ctx.cookies.sessionToken.options
  return { name: `${options.secure === true ? '__Secure-' : ''}gatehouse.two-factor-setup`, options }
}

/** The secret proposed to `userId` in this browser (sealed in the setup cookie), if any. */
async function proposedSecret(ctx: RequestContext, userId: string): Promise<string | undefined> {
  const { name } = setupCookie(ctx)
  const value = ctx.req.cookies[name]
  if (value === undefined) return undefined
  const claims = await ctx.config.sealedCookies.open(name, value)
  return claims?.['uid'] === userId && typeof claims['totp'] === 'string' ? claims['totp'] : undefined
}

function signInFirst(ctx: RequestContext): ResponseInternal {
  const back = encodeURIComponent(ctx.routeUrl('two-factor/setup'))
  return { redirect: `${ctx.actionUrl('signin')}?callbackUrl=${back}` }
}

async function enrolPage(
  ctx: RequestContext,
  twoFactor: ResolvedTwoFactor,
  who: Enrolling,
  secret: string,
  error: 'invalid' | 'locked' | undefined,
): Promise<ResponseInternal> {
  const { name, options } = setupCookie(ctx)
  const sealed = await ctx.config.sealedCookies.seal(name, { uid: who.userId, totp: secret }, SETUP_MAX_AGE)
  const cookies: Cookie[] = [{ name, value: sealed, options: { ...options, maxAge: SETUP_MAX_AGE } }]
  const csrf = ctx.csrf()
  if (csrf.cookie) cookies.push(csrf.cookie)
  const uri = totpUri(secret, twoFactor.issuer, who.label)
  const page = renderTwoFactorSetupPage({
    state: 'enrol',
    url: ctx.routeUrl('two-factor/setup'),
    uri,
    secret,
    qrSvg: renderSVG(uri, { ecc: 'M' }),
    csrfToken: csrf.token,
    theme: ctx.config.theme,
    error,
  })
  return { ...pageResult(page), cookies }
}

/**
 * `GET {basePath}/two-factor/setup`: enrolment for the signed-in user, or for a sign-in held until its user enrols
 * (`required`); for a user already enrolled, their options. Signed out: the sign-in page, coming back here.
 */
export async function twoFactorSetupPage(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const who = await enrolling(ctx, twoFactor)
  if (who === undefined) return signInFirst(ctx)
  const record = await twoFactor.adapter.getTwoFactor(who.userId)
  if (record?.enabled === true) {
    // A held sign-in of an enrolled user answers the challenge; it may never enrol a new secret instead.
    if (who.pending !== undefined) return { redirect: ctx.routeUrl('two-factor') }
    const csrf = ctx.csrf()
    const page = renderTwoFactorSetupPage({
      state: 'enabled',
      regenerateUrl: ctx.routeUrl('two-factor/backup-codes'),
      disableUrl: ctx.routeUrl('two-factor/disable'),
      backupCodesRemaining: record.backupCodes.length,
      csrfToken: csrf.token,
      theme: ctx.config.theme,
      error: pageError(ctx),
    })
    return { ...pageResult(page), cookies: csrf.cookie ? [csrf.cookie] : [] }
  }
  const secret = (await proposedSecret(ctx, who.userId)) ?? newTotpSecret()
  return enrolPage(ctx, twoFactor, who, secret, pageError(ctx))
}

/**
 * `POST {basePath}/two-factor/setup` (`code`, `csrfToken`): the first code of the proposed secret turns two-factor
 * on and shows ten backup codes, once. A sign-in held for enrolment gets its session with that page.
 */
export async function twoFactorSetupConfirm(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const who = await enrolling(ctx, twoFactor)
  if (who === undefined) return signInFirst(ctx)
  const existing = await twoFactor.adapter.getTwoFactor(who.userId)
  if (existing?.enabled === true) {
    throw new InvalidCheck('Two-factor sign-in is on already: turn it off first (with a current code).', {
      reason: 'two_factor_setup_missing',
    })
  }
  const secret = await proposedSecret(ctx, who.userId)
  if (secret === undefined) return { redirect: ctx.routeUrl('two-factor/setup') }
  const { limits, singleUse } = ctx.config.stores
  const hit = await limits.increment(`two-factor-user:${who.userId}`, USER_WINDOW_MS)
  if (hit.count > USER_ATTEMPTS) return enrolPage(ctx, twoFactor, who, secret, 'locked')
  const code = ctx.req.body?.['code']
  const step = typeof code === 'string' ? totpStep(secret, code.slice(0, 64)) : undefined
  if (step === undefined || !(await singleUse.consume(`two-factor-step:${who.userId}:${step}`, 90_000))) {
    return enrolPage(ctx, twoFactor, who, secret, 'invalid')
  }
  await limits.reset(`two-factor-user:${who.userId}`)
  const codes = newBackupCodes()
  await twoFactor.adapter.setTwoFactor({
    userId: who.userId,
    secret: await twoFactor.secrets.seal(secret),
    enabled: true,
    lastUsedStep: step,
    backupCodes: codes.map((c) => backupCodeHash(who.userId, c)!),
    // A re-enrolment never brings back a browser remembered under an earlier enrolment.
    trustedDevicesVersion: existing === null ? 0 : existing.trustedDevicesVersion + 1,
  })
  await fireEvent(ctx, ctx.config.events.twoFactor, {
    user: { id: who.userId },
    action: 'enabled',
    backupCodesRemaining: codes.length,
  })
  await recordAuditEvent(ctx, { type: 'two-factor-enabled', userId: who.userId })
  const { name, options } = setupCookie(ctx)
  const cleared: Cookie = { name, value: '', options: { ...options, maxAge: 0, expires: new Date(0) } }
  if (who.pending !== undefined) {
    const answer = await resumeSignIn(ctx, who.pending)
    const page = renderBackupCodesPage({
      codes,
      continueUrl: answer.redirect ?? ctx.origin,
      theme: ctx.config.theme,
    })
    return { ...pageResult(page), cookies: [...(answer.cookies ?? []), cleared] }
  }
  const { url } = await ctx.callbackUrl()
  const page = renderBackupCodesPage({ codes, continueUrl: url, theme: ctx.config.theme })
  return { ...pageResult(page), cookies: [cleared] }
}

/** The signed-in user's enabled record, or the answer that sends them elsewhere. */
async function enrolledUser(
  ctx: RequestContext,
  twoFactor: ResolvedTwoFactor,
): Promise<{ answer: ResponseInternal } | { userId: string; record: AdapterTwoFactor }> {
  const userId = await ctx.config.sessionStrategy.signedInUserId(ctx)
  if (userId === null) return { answer: signInFirst(ctx) }
  const record = await twoFactor.adapter.getTwoFactor(userId)
  if (record?.enabled !== true) return { answer: { redirect: ctx.routeUrl('two-factor/setup') } }
  return { userId, record }
}

/**
 * The signed-in, enrolled user who has just given a current code or an unused backup code in `code` (what turning
 * two-factor off and regenerating backup codes both ask), with their record read again after the check (which
 * spent a backup code or recorded the step); otherwise the answer back to the setup page with `error=`.
 */
async function confirmedUser(
  ctx: RequestContext,
  twoFactor: ResolvedTwoFactor,
): Promise<{ answer: ResponseInternal } | { userId: string; record: AdapterTwoFactor }> {
  const found = await enrolledUser(ctx, twoFactor)
  if ('answer' in found) return found
  const result = await checkSecondFactor(ctx, twoFactor, found.userId, ctx.req.body?.['code'])
  if (result !== 'ok') {
    const error = result === 'locked' ? 'locked' : 'invalid'
    return { answer: { redirect: `${ctx.routeUrl('two-factor/setup')}?error=${error}` } }
  }
  const record = (await twoFactor.adapter.getTwoFactor(found.userId)) ?? found.record
  return { userId: found.userId, record }
}

/** `POST {basePath}/two-factor/backup-codes` (`code`): ten new backup codes for the signed-in user; the old ones die. */
export async function twoFactorRegenerate(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const found = await confirmedUser(ctx, twoFactor)
  if ('answer' in found) return found.answer
  const { record } = found
  const codes = newBackupCodes()
  await twoFactor.adapter.setTwoFactor({
    ...record,
    backupCodes: codes.map((c) => backupCodeHash(found.userId, c)!),
  })
  await fireEvent(ctx, ctx.config.events.twoFactor, {
    user: { id: found.userId },
    action: 'backup-codes-regenerated',
    backupCodesRemaining: codes.length,
  })
  const page = renderBackupCodesPage({
    codes,
    continueUrl: ctx.routeUrl('two-factor/setup'),
    theme: ctx.config.theme,
  })
  return pageResult(page)
}

/**
 * `POST {basePath}/two-factor/disable` (`code`): turns two-factor off for the signed-in user, with a current code or
 * a backup code; remembered browsers are voided and backup codes dropped.
 */
export async function twoFactorDisable(ctx: RequestContext): Promise<ResponseInternal> {
  const twoFactor = twoFactorOf(ctx)
  const found = await confirmedUser(ctx, twoFactor)
  if ('answer' in found) return found.answer
  const { record } = found
  await twoFactor.adapter.setTwoFactor({
    ...record,
    enabled: false,
    backupCodes: [],
    trustedDevicesVersion: record.trustedDevicesVersion + 1,
  })
  await fireEvent(ctx, ctx.config.events.twoFactor, {
    user: { id: found.userId },
    action: 'disabled',
    backupCodesRemaining: 0,
  })
  await recordAuditEvent(ctx, { type: 'two-factor-disabled', userId: found.userId })
  return { redirect: ctx.routeUrl('two-factor/setup') }
}
