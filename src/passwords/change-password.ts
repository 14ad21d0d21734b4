import { recordAuditEvent } from '../audit/record-audit-event.js'
import { fireEvent } from '../lib/fire-event.js'
import { passwordErrorMessage, renderChangePasswordPage } from '../pages/password-pages.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { checkPassword, hashThroughQueue } from './check-password.js'
import { endOtherSessions } from './end-other-sessions.js'
import {
  field,
  hashingBusy,
  passwordPageUrl,
  refusedPassword,
  signInPageRedirect,
  tooManyAttempts,
} from './password-answers.js'
import { passwordContext, passwordPage, queryField, type PasswordContext } from './password-context.js'
import { minLengthFor } from './password-rules.js'
import { throttleOf } from './password-sign-in.js'
import { throttleClient } from './password-throttle.js'
import { normalizePassword } from './password-rules.js'
import { refusalOf } from './refusal-of.js'

/** The signed-in adapter user, or `null`. */
async function signedInUser(ctx: RequestContext, { adapter }: PasswordContext) {
  const id = await ctx.config.sessionStrategy.signedInUserId(ctx)
  return id === null ? null : adapter.getUser(id)
}

/** `GET /change-password`: the form, for a signed-in user; anyone else is sent to sign in first. */
export async function changePasswordPage(ctx: RequestContext): Promise<ResponseInternal> {
  const password = passwordContext(ctx)
  const user = await signedInUser(ctx, password)
  if (user === null)
    return { redirect: signInPageRedirect(ctx, { callbackUrl: passwordPageUrl(ctx, 'change-password') }) }
  const minLength = await minLengthFor(password.runtime, user, ctx.config.adapter)
  return passwordPage(ctx, (csrfToken, callbackUrl) =>
    renderChangePasswordPage({
      action: ctx.routeUrl('change-password'),
      csrfToken,
      callbackUrl,
      theme: ctx.config.theme,
      message: passwordErrorMessage(queryField(ctx, 'error'), {
        minLength,
        maxLength: password.runtime.maxLength,
        retryAfter: queryField(ctx, 'retryAfter'),
      }),
      email: user.email,
      minLength,
      maxLength: password.runtime.maxLength,
      changed: queryField(ctx, 'changed') === '1',
    }),
  )
}

/**
 * `POST /change-password` (signed in): the current password checked as a sign-in is (throttled per account and per
 * client, one verify), the new one against the rules, then re-hashed and stored; every other session of the user
 * ends, this one stays; `events.passwordChanged`.
 */
export async function changePassword(ctx: RequestContext): Promise<ResponseInternal> {
  const password = passwordContext(ctx)
  const { provider, runtime, adapter } = password
  const user = await signedInUser(ctx, password)
  const back = passwordPageUrl(ctx, 'change-password')
  if (user === null) return { redirect: signInPageRedirect(ctx, { callbackUrl: back }) }
  const throttle = throttleOf(ctx, provider)
  const client = throttleClient(ctx)
  const waiting = await throttle.check(user.email, client)
  if (waiting !== undefined) return tooManyAttempts(back, waiting.retryAfter)
  const check = await checkPassword(
    runtime,
    user,
    await adapter.getPasswordHash(user.id),
    normalizePassword(field(ctx, 'currentPassword')),
  )
  if ('busy' in check) return hashingBusy()
  if (!check.ok) {
    await throttle.failed(user.email, client)
    return refusedPassword(back, 'WrongPassword')
  }
  await throttle.succeeded(user.email)
  const refusal = await refusalOf(ctx, runtime, field(ctx, 'newPassword'), user.email, user)
  if ('refusal' in refusal) return refusedPassword(back, refusal.refusal)
  const hashed = await hashThroughQueue(runtime, refusal.password)
  if (typeof hashed !== 'string') return hashingBusy()
  await adapter.setPasswordHash(user.id, hashed)
  const cookies = await endOtherSessions(ctx, user.id, true)
  await fireEvent(ctx, ctx.config.events.passwordChanged, { user })
  await recordAuditEvent(ctx, { type: 'password-changed', userId: user.id })
  return { redirect: passwordPageUrl(ctx, 'change-password', { changed: '1' }), cookies }
}
