import { cryptoBackend } from '#crypto'
import { AccessDenied, AuthError, EmailSignInError } from '../../errors.js'
import type { EmailConfig } from '../../providers/provider-types.js'
import { parseCallbackCandidate, redirectTarget } from '../../answer/redirect-target.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { ResponseInternal } from '../../types.js'
import { emailSignInFailed } from '../../answer/index.js'
import { normalizeEmailAddress } from './normalize-email-address.js'
import { checkSendLimits } from './send-limits.js'
import { storedTokenHash, tokenSecrets } from './verification-token-hashes.js'

const DAY = 86_400

function hex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16)
  return out
}

/** The sign-in request as `sendVerificationRequest` receives it: its body re-serialized as JSON, as in Auth.js. */
function sendRequest(ctx: RequestContext): Request {
  const headers = new Headers(ctx.req.request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Request(ctx.req.url, { method: 'POST', headers, body: JSON.stringify(ctx.req.body ?? {}) })
}

/**
 * POST /signin/{id} of an e-mail provider (wire-contract §4.1): normalize the address, apply the send limits, run
 * the `signIn` callback with `email.verificationRequest`, store the token's hash, send the link, and redirect to
 * "check your e-mail". The redirect is the same whether the address belongs to a user or a limit was reached, so
 * the answer tells nobody which addresses exist.
 */
export async function startEmailSignIn(
  ctx: RequestContext,
  provider: EmailConfig,
): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapter
  const verifyRequest = {
    redirect: `${ctx.actionUrl('verify-request')}?${new URLSearchParams({ provider: provider.id, type: 'email' })}`,
  }
  const typed = ctx.req.body?.email
  let email: string
  try {
    email = (provider.normalizeIdentifier ?? normalizeEmailAddress)(typeof typed === 'string' ? typed : '')
    if (typeof email !== 'string' || email === '') throw new TypeError('the normalizer returned no address')
  } catch (error) {
    config.logger.error(
      new EmailSignInError(error instanceof Error ? error : String(error), {
        reason: 'email_address_invalid',
      }),
    )
    return emailSignInFailed(ctx)
  }

  try {
    const { over } = await checkSendLimits(ctx, provider, email)
    if (over !== undefined) {
      config.logger.warn(
        'email-send-limit',
        `No sign-in e-mail sent by provider "${provider.id}": the per-${over} send limit was reached.`,
      )
      return verifyRequest
    }
  } catch (error) {
    // A store that cannot count (Redis down) sends nothing: without a count, a limit cannot stop mail bombing.
    config.logger.error(
      new EmailSignInError(error instanceof Error ? error : String(error), {
        reason: 'email_limit_store_failed',
      }),
    )
    return emailSignInFailed(ctx)
  }

  // Configuration requires an adapter with these methods for e-mail providers.
  const existing = await adapter!.getUserByEmail!(email)
  const user = existing ?? { id: cryptoBackend.randomUUID(), email, emailVerified: null }
  const account = { providerAccountId: email, userId: user.id, type: 'email' as const, provider: provider.id }
  let allowed: boolean | string
  try {
    allowed = await config.callbacks.signIn({ user, account, email: { verificationRequest: true } })
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied(error instanceof Error ? error : String(error), {
      reason: 'signin_callback_threw',
    })
  }
  if (typeof allowed === 'string')
    return { redirect: await redirectTarget(ctx, parseCallbackCandidate(allowed, ctx.origin) ?? ctx.origin) }
  if (allowed !== true) throw new AccessDenied({ reason: 'signin_callback_refused' })

  let token: string
  try {
    token = provider.generateVerificationToken
      ? await provider.generateVerificationToken()
      : hex(cryptoBackend.randomBytes(32))
    if (typeof token !== 'string' || token === '') throw new TypeError('it returned no string')
  } catch (error) {
    throw new EmailSignInError(error instanceof Error ? error : String(error), {
      reason: 'email_token_generator_failed',
    })
  }
  const expires = new Date(Date.now() + (provider.maxAge ?? DAY) * 1000)
  const { url: callbackUrl } = await ctx.callbackUrl()
  const url = `${ctx.actionUrl('callback', provider.id)}?${new URLSearchParams({ callbackUrl, token, email })}`
  const hashed = storedTokenHash(token, tokenSecrets(provider.secret, config.secrets))

  // Stored before sending (Auth.js does both at once): a link is never mailed for a token that was not stored.
  await adapter!.createVerificationToken!({ identifier: email, token: hashed, expires })
  try {
    await provider.sendVerificationRequest({
      identifier: email,
      url,
      expires,
      provider,
      token,
      theme: config.theme,
      request: sendRequest(ctx),
    })
  } catch (error) {
    // The message may still have gone out (a timeout after the server took it): the token is deleted so that the
    // link can no longer be used, and the user is asked to try again.
    await Promise.resolve(adapter!.useVerificationToken!({ identifier: email, token: hashed })).catch(
      (deleteError: unknown) =>
        config.logger.error(deleteError instanceof Error ? deleteError : new Error(String(deleteError))),
    )
    config.logger.error(
      new EmailSignInError(
        `Provider "${provider.id}" could not send the sign-in e-mail: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, reason: 'email_send_failed' },
      ),
    )
    return emailSignInFailed(ctx)
  }
  return verifyRequest
}
