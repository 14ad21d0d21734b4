import { adapterFor } from '../adapters/adapter-for.js'
import { CredentialsSignin } from '../errors.js'
import type { FlowIdentity } from '../flows/sign-in-flow.js'
import { normalizeEmailAddress } from '../flows/email/normalize-email-address.js'
import { keepTypedValues } from '../pages/kept-sign-in-values.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { checkPassword } from './check-password.js'
import { field, hashingBusy, signInPageRedirect, tooManyAttempts } from './password-answers.js'
import { passwordFeature, type PasswordProvider } from '../providers/password-feature.js'
import { normalizePassword, passwordLength } from './password-rules.js'
import { PasswordThrottle, throttleClient } from './password-throttle.js'

/** The address typed, normalized as e-mail sign-in does, or `undefined` when it is not an address. */
export function typedAddress(value: string): string | undefined {
  if (value === '' || value.length > 320) return undefined
  try {
    return normalizeEmailAddress(value)
  } catch {
    return undefined
  }
}

/** The throttle of a configuration's Password provider, on the configuration's `stores.limits`. */
export function throttleOf(ctx: RequestContext, provider: PasswordProvider): PasswordThrottle {
  return new PasswordThrottle(ctx.config.stores.limits, provider[passwordFeature].throttle, (error) =>
    ctx.config.logger.warn(
      'password-throttle-store-down',
      `A password attempt was not counted (stores.limits failed: ${error instanceof Error ? error.message : String(error)}); throttle.whenStoreDown is 'allow'.`,
    ),
  )
}

function refused(ctx: RequestContext, provider: PasswordProvider, why: string): never {
  keepTypedValues(ctx, provider.id, provider.credentials)
  throw new CredentialsSignin(`Password sign-in refused: ${why}.`, { reason: 'password_refused' })
}

/**
 * `POST /callback/password`: the throttle first (a throttled attempt is answered at once, the password not even
 * checked), then one argon2id verify whether or not the address has an account, then the verified-address rule.
 * A wrong password and an unknown address give the same `CredentialsSignin`; a hash made with weaker parameters (or
 * a legacy one) is replaced by a new argon2id hash. The password itself is never logged, stored or handed on.
 */
export async function passwordSignIn(
  ctx: RequestContext,
  provider: PasswordProvider,
): Promise<FlowIdentity | ResponseInternal> {
  const runtime = provider[passwordFeature]
  const adapter = adapterFor(ctx.config.adapter, 'passwords')!
  const email = typedAddress(field(ctx, 'email'))
  const password = normalizePassword(field(ctx, 'password'))
  if (email === undefined || password === '') refused(ctx, provider, 'no address or no password')
  const client = throttleClient(ctx)
  const throttle = throttleOf(ctx, provider)
  const { url: callbackUrl } = await ctx.callbackUrl()
  const waiting = await throttle.check(email, client)
  if (waiting !== undefined)
    return tooManyAttempts(signInPageRedirect(ctx, { callbackUrl }), waiting.retryAfter)

  // Longer than any password that could have been set: no hash is computed for it, and it counts as a failure.
  const tooLong = passwordLength(password) > runtime.maxLength
  const user = tooLong ? null : await adapter.getUserByEmail(email)
  const stored = user === null ? null : await adapter.getPasswordHash(user.id)
  const check = tooLong ? ({ ok: false } as const) : await checkPassword(runtime, user, stored, password)
  if ('busy' in check) return hashingBusy()
  if (!check.ok) {
    await throttle.failed(email, client)
    refused(ctx, provider, 'wrong password or unknown address')
  }
  await throttle.succeeded(email)

  if (runtime.hasher.needsRehash(check.stored)) {
    // A weaker or legacy hash is replaced now that the password is known to be right; a failure to replace it
    // leaves the old one working, and the next sign-in tries again.
    try {
      await adapter.setPasswordHash(check.user.id, await runtime.hasher.hash(password))
    } catch (error) {
      ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)))
    }
  }

  if (runtime.requireEmailVerification && !check.user.emailVerified) {
    // Only someone who knows the password learns that the address is not verified yet.
    keepTypedValues(ctx, provider.id, provider.credentials)
    return { redirect: signInPageRedirect(ctx, { error: 'EmailNotVerified', callbackUrl }) }
  }
  return {
    user: check.user,
    account: { providerAccountId: check.user.id, type: 'credentials', provider: provider.id },
    // The signIn callback sees who signs in, never the password.
    credentials: { email },
  }
}
