import { cryptoBackend } from '#crypto'
import { checkSendLimits } from '../flows/email/send-limits.js'
import { fireEvent } from '../lib/fire-event.js'
import { renderSignUpPage, passwordErrorMessage } from '../pages/password-pages.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { hashThroughQueue } from './check-password.js'
import {
  field,
  hashingBusy,
  passwordPageUrl,
  refusedPassword,
  signInPageRedirect,
} from './password-answers.js'
import { passwordContext, passwordPage, queryField } from './password-context.js'
import { sendPasswordMail, signUpAttemptMessage, verifyEmailMessage } from './password-emails.js'
import { minLengthFor } from './password-rules.js'
import { refusalOf } from './refusal-of.js'
import { typedAddress } from './password-sign-in.js'
import { createPasswordToken } from './password-tokens.js'

/** `GET /signup`: the sign-up page. */
export async function signUpPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { runtime } = passwordContext(ctx)
  const minLength = await minLengthFor(runtime, null, ctx.config.adapter)
  return passwordPage(ctx, (csrfToken, callbackUrl) =>
    renderSignUpPage({
      action: ctx.routeUrl('signup/password'),
      csrfToken,
      callbackUrl,
      theme: ctx.config.theme,
      message: passwordErrorMessage(queryField(ctx, 'error'), { minLength, maxLength: runtime.maxLength }),
      signInUrl: signInPageRedirect(ctx, { callbackUrl }),
      minLength,
      maxLength: runtime.maxLength,
    }),
  )
}

/** The "check your e-mail" page every sign-up answers with, whatever happened to the address. */
export function checkYourEmail(ctx: RequestContext): ResponseInternal {
  return {
    redirect: `${ctx.actionUrl('verify-request')}?${new URLSearchParams({ provider: 'password', type: 'email' })}`,
  }
}

/** Sends a new verification link to `email` (a new account, or one not verified yet). */
export async function sendVerificationLink(
  ctx: RequestContext,
  email: string,
  maxAge: number,
): Promise<void> {
  const { token, expires } = await createPasswordToken(ctx, 'verify-email', email, maxAge)
  const { url: callbackUrl } = await ctx.callbackUrl()
  const url = passwordPageUrl(ctx, 'verify-email', { token, email, callbackUrl })
  await sendPasswordMail(ctx, email, url, expires, verifyEmailMessage(new URL(ctx.origin).host, url))
}

/**
 * `POST /signup/password`: the rules first (they depend only on what was typed, so they answer alike for every
 * address), then the send limits, then the same "check your e-mail" answer in every case: a new address gets an
 * account and a verification link; an address with an account gets a message saying someone tried to sign up, with
 * sign-in and reset links (or, not verified yet, a new verification link). Both paths compute one hash, so they
 * take the same time.
 */
export async function signUp(ctx: RequestContext): Promise<ResponseInternal> {
  const { runtime, adapter } = passwordContext(ctx)
  const { url: callbackUrl } = await ctx.callbackUrl()
  const back = passwordPageUrl(ctx, 'signup', { callbackUrl })
  const email = typedAddress(field(ctx, 'email'))
  if (email === undefined) return refusedPassword(back, 'InvalidEmail')
  const refusal = await refusalOf(ctx, runtime, field(ctx, 'password'), email, null)
  if ('refusal' in refusal) return refusedPassword(back, refusal.refusal)
  const name = field(ctx, 'name').trim().slice(0, 200)

  const limits = await checkSendLimits(ctx, ctx.config.passwordSender!, email)
  if (limits.over !== undefined) {
    ctx.config.logger.warn(
      'email-send-limit',
      `No sign-up e-mail sent: the per-${limits.over} send limit was reached.`,
    )
    return checkYourEmail(ctx)
  }
  const hashed = await hashThroughQueue(runtime, refusal.password)
  if (typeof hashed !== 'string') return hashingBusy()

  const existing = await adapter.getUserByEmail(email)
  if (existing !== null) {
    if (!existing.emailVerified && (await adapter.getPasswordHash(existing.id)) !== null) {
      await sendVerificationLink(ctx, email, runtime.verifyMaxAge)
    } else {
      const host = new URL(ctx.origin).host
      const signInUrl = signInPageRedirect(ctx, { callbackUrl })
      const resetUrl = passwordPageUrl(ctx, 'reset-password')
      await sendPasswordMail(
        ctx,
        email,
        signInUrl,
        new Date(Date.now() + 3_600_000),
        signUpAttemptMessage(host, signInUrl, resetUrl),
      )
    }
    return checkYourEmail(ctx)
  }
  let user
  try {
    user = await adapter.createUser({
      id: cryptoBackend.randomUUID(),
      email,
      emailVerified: null,
      name: name === '' ? null : name,
    })
  } catch (error) {
    // Another sign-up with this address won the race: that one goes on; this one answers as every other.
    ctx.config.logger.debug('password sign-up: createUser failed', { error: String(error) })
    return checkYourEmail(ctx)
  }
  await adapter.setPasswordHash(user.id, hashed)
  await fireEvent(ctx, ctx.config.events.createUser, { user })
  await sendVerificationLink(ctx, email, runtime.verifyMaxAge)
  return checkYourEmail(ctx)
}
