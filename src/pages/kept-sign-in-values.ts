/**
 * The address a person typed into a credentials form, kept across a refused sign-in so that the built-in page can
 * show it again: a short-lived cookie set with the failure's redirect and read (then cleared) by the sign-in page.
 *
 * Why a cookie: the form must work without JavaScript (so no `sessionStorage`), the address must never travel in a
 * URL (it would land in logs, history and Referer headers), and the failure keeps Auth.js's post-redirect-get answer
 * (`302 …/signin?error=CredentialsSignin`), so reloading the page never re-posts a password. The cookie holds only
 * fields {@link keepsValue} allows (an address or user name, never a password or code), lives one minute, is
 * `HttpOnly`, `SameSite=Lax`, `__Host-` on HTTPS, and is cleared as soon as the page has shown it. It is not
 * sealed: the page only displays it (escaped) in the person's own browser, as it does an `?email=` parameter, and
 * trusts nothing in it.
 *
 * @module
 */
import { cryptoBackend } from '#crypto'
import type { CredentialInput } from '../providers/provider-types.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Cookie } from '../types.js'
import { keepsValue } from './credentials-form.js'

/** Seconds the cookie lives: long enough for the redirect that follows the failure, no longer. */
const MAX_AGE = 60
/** An e-mail address is at most 254 characters (RFC 5321); a user name gets the same bound. */
const MAX_VALUE_LENGTH = 254
/** Far below a browser's per-cookie limit, so the cookie is never dropped or split. */
const MAX_COOKIE_LENGTH = 1024

/** Values kept for one provider's form. */
export interface KeptSignInValues {
  providerId: string
  values: Readonly<Record<string, string>>
}

/** The cookie's name: `__Host-` on HTTPS, so a sibling subdomain cannot plant one. */
export function keptValuesCookieName(secure: boolean): string {
  return `${secure ? '__Host-' : ''}gatehouse.sign-in-values`
}

function options(secure: boolean, maxAge: number): Cookie['options'] {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge }
}

/**
 * The cookie that keeps what was typed into `providerId`'s form (from the posted `body`), or `undefined` when
 * nothing may be kept (no address-like field, an empty or overlong value).
 */
export function keptValuesCookie(
  secure: boolean,
  providerId: string,
  credentials: Record<string, CredentialInput> | undefined,
  body: Readonly<Record<string, unknown>> | undefined,
): Cookie | undefined {
  const values: Record<string, string> = {}
  for (const [key, spec] of Object.entries(credentials ?? {})) {
    const value = body?.[key]
    if (!keepsValue(key, spec) || typeof value !== 'string') continue
    // Control characters never belong in an address; a value carrying them is not shown again.
    if (value.trim() === '' || value.length > MAX_VALUE_LENGTH || /\p{Cc}/u.test(value)) continue
    values[key] = value
  }
  if (Object.keys(values).length === 0) return undefined
  const value = cryptoBackend.encodeBase64url(
    new TextEncoder().encode(JSON.stringify({ p: providerId, v: values })),
  )
  if (value.length > MAX_COOKIE_LENGTH) return undefined
  return { name: keptValuesCookieName(secure), value, options: options(secure, MAX_AGE) }
}

/** The cookie that deletes the kept values once the page has shown them. */
export function clearKeptValuesCookie(secure: boolean): Cookie {
  return { name: keptValuesCookieName(secure), value: '', options: options(secure, 0) }
}

/** Reads the cookie's value; anything malformed is `undefined` (it is only ever a convenience). */
export function readKeptValues(cookie: string | undefined): KeptSignInValues | undefined {
  if (cookie === undefined || cookie === '' || cookie.length > MAX_COOKIE_LENGTH) return undefined
  const bytes = cryptoBackend.decodeBase64url(cookie)
  if (bytes === null) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { p, v } = parsed as { p?: unknown; v?: unknown }
  if (typeof p !== 'string' || typeof v !== 'object' || v === null || Array.isArray(v)) return undefined
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(v)) {
    if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) values[key] = value
  }
  return { providerId: p, values }
}

/** Whether a request is answered with the HTTPS cookie names (`__Host-`, `__Secure-`). */
export function usesSecureCookies(ctx: RequestContext): boolean {
  return ctx.mode === ctx.config.secure
}

/**
 * After a refused credentials sign-in, adds the cookie that keeps the typed address to the failure's answer; only
 * for the built-in page (a custom `pages.signIn` keeps its own form state).
 */
export function keepTypedValues(
  ctx: RequestContext,
  providerId: string,
  credentials: Record<string, CredentialInput> | undefined,
): void {
  if (ctx.config.pages.signIn) return
  const body = ctx.req.body as Readonly<Record<string, unknown>> | undefined
  const cookie = keptValuesCookie(usesSecureCookies(ctx), providerId, credentials, body)
  if (cookie !== undefined) ctx.failureCookies.push(cookie)
}
