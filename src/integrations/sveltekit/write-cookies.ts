import type { Cookies } from '@sveltejs/kit'
import type { Cookie } from '../../types.js'

/**
 * Writes the core's cookies through `event.cookies`, so kit puts them on whatever answer the request gets (a page,
 * a redirect, an action result). Each keeps its own attributes, a deletion (`Max-Age=0`) included, and kit encodes
 * the value as the core does (`encodeURIComponent`), so the `Set-Cookie` line is the core's. Kit needs a `path`;
 * the core always gives one (`/` when it does not). Returns `false` when kit refused (the response had already
 * started): that cookie is lost, and the session answer is unaffected.
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
      })
    } catch {
      written = false
    }
  }
  return written
}
