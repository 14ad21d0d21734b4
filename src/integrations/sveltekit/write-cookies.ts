import type { Cookies } from '@sveltejs/kit'
import type { Cookie } from '../../types.js'

/** Values are written as the core made them (base64url JWEs, `token|hash`): kit would percent-encode them. */
const asIs = (value: string): string => value

/**
 * Writes the core's cookies through `event.cookies`, so kit puts them on whatever answer the request gets (a page,
 * a redirect, an action result). Each keeps its own attributes, a deletion (`Max-Age=0`) included; kit needs a
 * `path`, and the core always gives one (`/` when it does not). Returns `false` when kit refused (the response had
 * already started), in which case the cookie is lost and the session answer is unaffected.
 */
export function writeCookies(cookies: Cookies, list: readonly Cookie[] | undefined): boolean {
  let written = true
  for (const cookie of list ?? []) {
    const options = cookie.options
    try {
      cookies.set(cookie.name, cookie.value, {
        ...options,
        // Kit defaults httpOnly and secure to true; the core's choice (plain http on localhost) must stand.
        httpOnly: options.httpOnly ?? false,
        secure: options.secure ?? false,
        path: options.path ?? '/',
        encode: asIs,
      })
    } catch {
      written = false
    }
  }
  return written
}
