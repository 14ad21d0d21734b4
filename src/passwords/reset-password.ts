import { recordAuditEvent } from '../audit/record-audit-event.js'
import { MissingCSRF } from '../errors.js'
import { isSameOriginPost } from '../flows/email/same-origin-post.js'
import { checkSendLimits } from '../flows/email/send-limits.js'
import { completeSignIn } from '../flows/complete-sign-in.js'
import { credentialsFlow } from '../flows/credentials/credentials-flow.js'
import { fireEvent } from '../lib/fire-event.js'
import {
  passwordErrorMessage,
  renderNewPasswordPage,
  renderResetRequestPage,
} from '../pages/password-pages.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { hashThroughQueue } from './check-password.js'
import { endOtherSessions } from './end-other-sessions.js'
import {
  field,
  hashingBusy,
  passwordPageUrl,
  refusedPassword,
  signInPageRedirect,
} from './password-answers.js'
import { passwordContext, passwordPage, queryField } from './password-context.js'
import { noAccountResetMessage, resetPasswordMessage, sendPasswordMail } from './password-emails.js'
import { minLengthFor } from './password-rules.js'
import { throttleOf, typedAddress } from './password-sign-in.js'
import { checkYourEmail } from './password-sign-up.js'
import { createPasswordToken, usePasswordToken } from './password-tokens.js'
import { refusalOf } from './refusal-of.js'

/** `GET /reset-password`: ask for a link; with `?token=…&email=…`, choose the new password. */
export async function resetPasswordPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { runtime, adapter } = passwordContext(ctx)
  const token = queryField(ctx, 'token')
  const email = typedAddress(queryField(ctx, 'email'))
  const error = queryField(ctx, 'error')
  if (token === '' || email === undefined) {
    return passwordPage(ctx, (csrfToken, callbackUrl) =>
      renderResetRequestPage({
        action: ctx.routeUrl('reset-password'),
        csrfToken,
        callbackUrl,
        theme: ctx.config.theme,
        message: passwordErrorMessage(error, { retryAfter: queryField(ctx, 'retryAfter') }),
        signInUrl: signInPageRedirect(ctx, { callbackUrl }),
      }),
    )
  }
  // The page reads only the minimum length for this address; the token is checked when the form is posted.
  const minLength = await minLengthFor(runtime, await adapter.getUserByEmail(email), adapter)
  return passwordPage(ctx, (csrfToken, callbackUrl) =>
    renderNewPasswordPage({
      action: ctx.routeUrl('reset-password'),
      csrfToken,
      callbackUrl,
      theme: ctx.config.theme,
      message: passwordErrorMessage(error, { minLength, maxLength: runtime.maxLength }),
      token,
      email,
      minLength,
      maxLength: runtime.maxLength,
    }),
  )
}

/** `POST /reset-password` with `email` only: a mail in every case (a link, or "this address has no account"). */
async function requestReset(ctx: RequestContext): Promise<ResponseInternal> {
  const { runtime, adapter } = passwordContext(ctx)
  const email = typedAddress(field(ctx, 'email'))
  if (email === undefined) return refusedPassword(passwordPageUrl(ctx, 'reset-password'), 'InvalidEmail')
  const limits = await checkSendLimits(ctx, ctx.config.passwordSender!, email)
  if (limits.over !== undefined) return checkYourEmail(ctx)
  const host = new URL(ctx.origin).host
  const user = await adapter.getUserByEmail(email)
  if (user === null) {
    const signUpUrl = passwordPageUrl(ctx, 'signup')
    await sendPasswordMail(
      ctx,
      email,
      signUpUrl,
      new Date(Date.now() + 3_600_000),
      noAccountResetMessage(host, signUpUrl),
    )
    return checkYourEmail(ctx)
  }
  const { token, expires } = await createPasswordToken(ctx, 'reset-password', email, runtime.resetMaxAge)
  const { url: callbackUrl } = await ctx.callbackUrl()
  const url = passwordPageUrl(ctx, 'reset-password', { token, email, callbackUrl })
  await sendPasswordMail(ctx, email, url, expires, resetPasswordMessage(host, url))
  return checkYourEmail(ctx)
}

/**
 * `POST /reset-password` with `token`, `email` and `password`: the rules first (a refused password leaves the link
 * usable), then the token used once, the new hash stored, the address verified (the link proved it), the account's
 * throttle unlocked, every session of the user ended, `events.passwordReset`, and a sign-in.
 */
async function setNewPassword(ctx: RequestContext): Promise<ResponseInternal> {
  const { provider, runtime, adapter } = passwordContext(ctx)
  if (!isSameOriginPost(ctx.req.request.headers, ctx.origin))
    throw new MissingCSRF('The new password was posted from another site.', { reason: 'cross_site_request' })
  const token = field(ctx, 'token')
  const email = typedAddress(field(ctx, 'email'))
  if (email === undefined) return refusedPassword(passwordPageUrl(ctx, 'reset-password'), 'InvalidToken')
  const user = await adapter.getUserByEmail(email)
  const back = passwordPageUrl(ctx, 'reset-password', { token, email })
  const refusal = await refusalOf(ctx, runtime, field(ctx, 'password'), email, user)
  if ('refusal' in refusal) return refusedPassword(back, refusal.refusal)
  if (user === null || !(await usePasswordToken(ctx, 'reset-password', email, token)))
    return refusedPassword(passwordPageUrl(ctx, 'reset-password'), 'InvalidToken')
  const hashed = await hashThroughQueue(runtime, refusal.password)
  if (typeof hashed !== 'string') return hashingBusy()
  await adapter.setPasswordHash(user.id, hashed)
  const verified = user.emailVerified
    ? user
    : await adapter.updateUser({ id: user.id, emailVerified: new Date() })
  await throttleOf(ctx, provider).unlock(email)
  await endOtherSessions(ctx, user.id, false)
  await fireEvent(ctx, ctx.config.events.passwordReset, { user: verified })
  await recordAuditEvent(ctx, { type: 'password-reset', userId: verified.id })
  ctx.provider = provider
  return completeSignIn(ctx, credentialsFlow, {
    user: verified,
    account: { providerAccountId: verified.id, type: 'credentials', provider: provider.id },
    credentials: { email },
  })
}

/** `POST /reset-password`: a request for a link, or a new password with the link's token. */
export function resetPassword(ctx: RequestContext): Promise<ResponseInternal> {
  return field(ctx, 'token') === '' ? requestReset(ctx) : setNewPassword(ctx)
}
