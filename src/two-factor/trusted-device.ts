import type { SerializeOptions } from '../cookies/serialize-cookie.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie } from '../types.js'

/**
 * "Remember this browser": a sealed cookie naming the user and their trusted-devices version. It lets that user's
 * later sign-ins in this browser skip the second step until it expires or the version is raised
 * (`voidTrustedDevices`: a password change, a reset, "sign out everywhere", disabling two-factor). Another user
 * signing in here gains nothing from it.
 */
function trustedCookie(ctx: RequestContext): { name: string; options: SerializeOptions } {
  const { expires: _expires, maxAge: _maxAge, ...options } = ctx.cookies.sessionToken.options
  return { name: `${options.secure === true ? '__Secure-' : ''}gatehouse.two-factor-trusted`, options }
}

/** The cookie that remembers this browser for `userId` at `version`, for `maxAge` seconds. */
export async function trustedDeviceCookie(
  ctx: RequestContext,
  userId: string,
  version: number,
  maxAge: number,
): Promise<Cookie> {
  const { name, options } = trustedCookie(ctx)
  const value = await ctx.config.sealedCookies.seal(name, { uid: userId, v: version }, maxAge)
  return { name, value, options: { ...options, maxAge, expires: new Date(Date.now() + maxAge * 1000) } }
}

/** Whether this browser is remembered for `userId` at the user's current trusted-devices `version`. */
export async function isTrustedDevice(
  ctx: RequestContext,
  userId: string,
  version: number,
): Promise<boolean> {
  const { name } = trustedCookie(ctx)
  const value = ctx.req.cookies[name]
  if (value === undefined) return false
  const claims = await ctx.config.sealedCookies.open(name, value)
  return claims !== null && claims['uid'] === userId && claims['v'] === version
}
