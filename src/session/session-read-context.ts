import type { CookieMode, ResolvedConfig } from '../config/resolve-config.js'
import { parseCookies } from '../cookies/parse-cookies.js'
import type { SessionReadContext } from './session-strategy.js'

/**
 * The cookie mode (names and session keys) for a request that reached `origin`: HTTPS cookies (`__Secure-`) when
 * `useSecureCookies` says so, else when the public origin (`AUTH_URL`'s, else the request's) is `https:`.
 */
export function cookieModeFor(config: ResolvedConfig, origin: string): CookieMode {
  const publicOrigin = config.authUrl?.origin ?? origin
  return (config.useSecureCookies ?? publicOrigin.startsWith('https:')) ? config.secure : config.insecure
}

/**
 * What a session read needs, from the origin (or the whole URL) a request reached, its scheme in lower case as
 * `URL#origin` gives it, and its `Cookie` header: no `Request`, no URL parse. Only the scheme of `origin` is read.
 */
export function sessionReadContext(
  config: ResolvedConfig,
  origin: string,
  cookie: string | null | undefined,
): SessionReadContext {
  const mode = cookieModeFor(config, origin)
  return { config, mode, cookies: mode.cookies, req: { cookies: parseCookies(cookie) } }
}
