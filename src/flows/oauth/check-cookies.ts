import { InvalidCheck } from '../../errors.js'
import type { RequestContext } from '../../routing/request-context.js'
import type { Cookie } from '../../types.js'
import type { OAuthCheck } from '../../oauth-client/normalize-provider.js'

/** Check cookies and the state value live 15 minutes (wire-contract §1.7). */
export const CHECK_MAX_AGE = 15 * 60

const cookieKey = { pkce: 'pkceCodeVerifier', state: 'state', nonce: 'nonce' } as const

/**
 * The check cookie of `check`: a JWE `{ value, provider }` salted with the cookie's name, so that a cookie minted
 * for one provider is refused by another (the fix of the Auth.js cross-provider advisory).
 *
 * @see wire-contract §1.7, §1.8
 */
export async function createCheckCookie(
  ctx: RequestContext,
  check: OAuthCheck,
  providerId: string,
  value: string,
  formPost: boolean,
): Promise<Cookie> {
  const { name, options } = ctx.cookies[cookieKey[check]]
  const expires = new Date(Date.now() + CHECK_MAX_AGE * 1000)
  // form_post callbacks are cross-site POSTs: a Lax cookie would not be sent with them.
  const crossSite = formPost && check !== 'pkce'
  return {
    name,
    value: await ctx.config.sealedCookies.seal(name, { value, provider: providerId }, CHECK_MAX_AGE),
    options: { ...options, expires, ...(crossSite ? { sameSite: 'none', secure: true } : {}) },
  }
}

/** Schedules the deletion of the check cookie of `check`, once per request. */
function clearCookie(ctx: RequestContext, check: OAuthCheck): void {
  const { name, options } = ctx.cookies[cookieKey[check]]
  if (ctx.failureCookies.some((c) => c.name === name && c.value === '')) return
  const { expires: _expires, ...rest } = options
  ctx.failureCookies.push({ name, value: '', options: { ...rest, maxAge: 0 } })
}

/**
 * Schedules the deletion of every check cookie the request carries, whatever the provider's checks. Called first
 * in the callback, so a step that fails before the checks are read (discovery on a cold instance, a provider
 * whose checks changed) still clears them: a check cookie must never outlive its callback (RFC 9700 §4.7.1,
 * one-time use of `state`).
 */
export function clearCheckCookies(ctx: RequestContext): void {
  for (const check of ['pkce', 'state', 'nonce'] as const) {
    if (ctx.req.cookies[ctx.cookies[cookieKey[check]].name] !== undefined) clearCookie(ctx, check)
  }
}

/**
 * Reads and verifies the check cookie of `check` for `providerId`, and schedules its deletion on success and on
 * failure alike (a used check must never be reused).
 *
 * @throws InvalidCheck with code `<check>_cookie_missing`, `<check>_cookie_invalid` or `<check>_cookie_provider`.
 */
export async function useCheckCookie(
  ctx: RequestContext,
  check: OAuthCheck,
  providerId: string,
): Promise<string> {
  const { name } = ctx.cookies[cookieKey[check]]
  const raw = ctx.req.cookies[name]
  if (raw === undefined) {
    throw new InvalidCheck(`The ${check} cookie was missing: the sign-in did not start in this browser.`, {
      reason: `${check}_cookie_missing`,
    })
  }
  clearCookie(ctx, check)
  const payload = await ctx.config.sealedCookies.open(name, raw)
  const value = payload?.['value']
  if (typeof value !== 'string') {
    throw new InvalidCheck(`The ${check} cookie could not be decrypted, or it expired.`, {
      reason: `${check}_cookie_invalid`,
    })
  }
  if (payload?.['provider'] !== providerId) {
    throw new InvalidCheck(`The ${check} cookie was made for another provider than "${providerId}".`, {
      reason: `${check}_cookie_provider`,
    })
  }
  return value
}
