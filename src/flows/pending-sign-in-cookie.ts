import {
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from '../cookies/session-cookie-chunks.js'
import type { SerializeOptions } from '../cookies/serialize-cookie.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie } from '../types.js'
import { readSealedSignIn, sealableSignIn, type ResolvedSignIn } from './resolved-sign-in.js'
import { PENDING_SIGN_IN_MAX_AGE, type SignInGate } from './sign-in-gate.js'

/** A sign-in a gate holds, opened from its cookie. */
export interface PendingSignIn {
  /** The gate that held it: only that gate's route may resume it. */
  readonly gate: string
  /**
   * Unique to this hold (the sealed value's `jti`): what single-use checks and attempt counters of the gate are
   * keyed on, so a copy of the cookie cannot be resumed twice or get a fresh count.
   */
  readonly id: string
  /** When the hold ends; the cookie does not open after it. */
  readonly expires: Date
  readonly signIn: ResolvedSignIn
}

/**
 * The pending cookie's name and attributes: those of the session cookie (path, domain, `Secure`, `SameSite`), since
 * it stands in for the session until the gate is passed, under a name Auth.js never reads (it would glue any cookie
 * whose name starts with the session cookie's into the session token).
 */
function pendingCookie(ctx: RequestContext): { name: string; options: SerializeOptions } {
  const { expires: _expires, maxAge: _maxAge, ...options } = ctx.cookies.sessionToken.options
  return { name: `${options.secure === true ? '__Secure-' : ''}gatehouse.pending-sign-in`, options }
}

/**
 * The cookies that hold `signIn` at `gate`: the whole state sealed (JWE, salted with the cookie's name), split
 * like the session cookie when an OAuth account's tokens make it longer than one cookie takes.
 */
export async function pendingSignInCookies(
  ctx: RequestContext,
  gate: SignInGate,
  signIn: ResolvedSignIn,
): Promise<Cookie[]> {
  const { name, options } = pendingCookie(ctx)
  const maxAge = gate.maxAge ?? PENDING_SIGN_IN_MAX_AGE
  const now = Date.now()
  const { signIn: state, dates } = sealableSignIn(signIn)
  const value = await ctx.config.sealedCookies.seal(
    name,
    { gate: gate.name, signIn: state, dates },
    maxAge,
    now,
  )
  const expires = new Date(now + maxAge * 1000)
  return writeChunkedCookie(name, value, { ...options, maxAge, expires }, ctx.req.cookies)
}

/** Deletions for the pending cookie (and its chunks) this request carries; none when it carries none. */
export function clearPendingSignInCookies(ctx: RequestContext): Cookie[] {
  const { name, options } = pendingCookie(ctx)
  return clearChunkedCookie(name, options, ctx.req.cookies)
}

/**
 * The sign-in held in this browser: `missing` without a pending cookie, `invalid` when it does not open (tampered,
 * expired, sealed with another secret or for another purpose, or not a state this version wrote).
 */
export async function readPendingSignIn(ctx: RequestContext): Promise<PendingSignIn | 'missing' | 'invalid'> {
  const { name } = pendingCookie(ctx)
  const value = readChunkedCookie(ctx.req.cookies, name)
  if (value === undefined) return 'missing'
  const claims = await ctx.config.sealedCookies.open(name, value)
  if (claims === null) return 'invalid'
  const { gate, jti, exp } = claims
  const signIn = readSealedSignIn(claims['signIn'], claims['dates'])
  if (typeof gate !== 'string' || typeof jti !== 'string' || typeof exp !== 'number' || !signIn)
    return 'invalid'
  // Our own expiry, without the 15 s of clock tolerance the codec allows (both ends are this server's clocks).
  if (exp * 1000 <= Date.now()) return 'invalid'
  return { gate, id: jti, expires: new Date(exp * 1000), signIn }
}
