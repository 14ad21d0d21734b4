import { recordAuditEvent } from '../audit/record-audit-event.js'
import { MissingCSRF, Verification } from '../errors.js'
import { isSameOriginPost } from '../flows/email/same-origin-post.js'
import { checkSendLimits } from '../flows/email/send-limits.js'
import { completeSignIn } from '../flows/complete-sign-in.js'
import { credentialsFlow } from '../flows/credentials/credentials-flow.js'
import {
  passwordErrorMessage,
  renderResendVerificationPage,
  renderVerifyEmailPage,
} from '../pages/password-pages.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { field, passwordPageUrl, refusedPassword, signInPageRedirect } from './password-answers.js'
import { alreadyVerifiedMessage, noAccountVerifyMessage, sendPasswordMail } from './password-emails.js'
import { passwordContext, passwordPage, queryField } from './password-context.js'
import { typedAddress } from './password-sign-in.js'
import { checkYourEmail, sendVerificationLink } from './password-sign-up.js'
import { usePasswordToken } from './password-tokens.js'

/**
 * `GET /verify-email?token=…&email=…`: the page whose button verifies (opening the link changes nothing, so a mail
 * scanner uses nothing up). Without a token: the page that sends the link again.
 */
export function verifyEmailPage(ctx: RequestContext): Promise<ResponseInternal> {
  passwordContext(ctx)
  const token = queryField(ctx, 'token')
  const email = queryField(ctx, 'email')
  if (token === '' || email === '') {
    return passwordPage(ctx, (csrfToken, callbackUrl) =>
      renderResendVerificationPage({
        action: ctx.routeUrl('verify-email/resend'),
        csrfToken,
        callbackUrl,
        theme: ctx.config.theme,
        message: passwordErrorMessage(queryField(ctx, 'error')),
        email: typedAddress(email),
      }),
    )
  }
  return passwordPage(ctx, (csrfToken, callbackUrl) =>
    renderVerifyEmailPage({
      action: ctx.routeUrl('verify-email'),
      csrfToken,
      callbackUrl,
      theme: ctx.config.theme,
      token,
      email,
    }),
  )
}

/**
 * `POST /verify-email` (CSRF token and same origin checked): uses the token once, marks the address verified and
 * signs in through the one sign-in path (the `signIn` callback, the gates, the session).
 */
export async function verifyEmail(ctx: RequestContext): Promise<ResponseInternal> {
  const { provider, adapter } = passwordContext(ctx)
  if (!isSameOriginPost(ctx.req.request.headers, ctx.origin))
    throw new MissingCSRF('The verification was posted from another site.', { reason: 'cross_site_request' })
  const email = typedAddress(field(ctx, 'email'))
  const used =
    email !== undefined && (await usePasswordToken(ctx, 'verify-email', email, field(ctx, 'token')))
  const user = used ? await adapter.getUserByEmail(email) : null
  if (user === null)
    throw new Verification('The verification link was used, expired, or is not for this address.', {
      reason: 'password_token_invalid',
    })
  const verified = user.emailVerified
    ? user
    : await adapter.updateUser({ id: user.id, emailVerified: new Date() })
  if (!user.emailVerified) await recordAuditEvent(ctx, { type: 'email-verified', userId: user.id })
  ctx.provider = provider
  return completeSignIn(ctx, credentialsFlow, {
    user: verified,
    account: { providerAccountId: verified.id, type: 'credentials', provider: provider.id },
    credentials: { email },
  })
}

/**
 * `POST /verify-email/resend`: a mail to every well-formed address within the send limits, so the answer, its time
 * included, is the same for all: a new link to an account not verified yet; "already verified" with sign-in and reset
 * links to any other account; "no account" with a sign-up link to an unknown address. None but the first has a token.
 */
export async function resendVerification(ctx: RequestContext): Promise<ResponseInternal> {
  const { runtime, adapter } = passwordContext(ctx)
  const email = typedAddress(field(ctx, 'email'))
  if (email === undefined) return refusedPassword(passwordPageUrl(ctx, 'verify-email'), 'InvalidEmail')
  const limits = await checkSendLimits(ctx, ctx.config.passwordSender!, email)
  if (limits.over !== undefined) {
    ctx.config.logger.warn(
      'email-send-limit',
      `No verification e-mail sent: the per-${limits.over} send limit was reached.`,
    )
    return checkYourEmail(ctx)
  }
  const user = await adapter.getUserByEmail(email)
  if (user !== null && !user.emailVerified && (await adapter.getPasswordHash(user.id)) !== null) {
    await sendVerificationLink(ctx, email, runtime.verifyMaxAge)
    return checkYourEmail(ctx)
  }
  const host = new URL(ctx.origin).host
  const expires = new Date(Date.now() + 3_600_000)
  if (user === null) {
    const signUpUrl = passwordPageUrl(ctx, 'signup')
    await sendPasswordMail(ctx, email, signUpUrl, expires, noAccountVerifyMessage(host, signUpUrl))
  } else {
    const { url: callbackUrl } = await ctx.callbackUrl()
    const signInUrl = signInPageRedirect(ctx, { callbackUrl })
    const resetUrl = passwordPageUrl(ctx, 'reset-password')
    await sendPasswordMail(ctx, email, signInUrl, expires, alreadyVerifiedMessage(host, signInUrl, resetUrl))
  }
  return checkYourEmail(ctx)
}
