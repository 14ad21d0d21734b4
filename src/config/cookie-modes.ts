import { defaultCookies, mergeCookies } from '../cookies/default-cookies.js'
import { SessionJwe } from '../crypto/session-jwe.js'
import { DEFAULT_VERIFIED_TOKENS } from '../crypto/verified-token-cache.js'
import type { CookiesOverrides } from '../types.js'
import type { CookieMode } from './resolved-config.js'

/** The cookie modes a configuration serves: both, or the one `useSecureCookies` (or `AUTH_URL`) fixes. */
export interface CookieModes {
  readonly secure: CookieMode
  readonly insecure: CookieMode
}

/**
 * Cookie names and session keys for HTTPS and for plain HTTP, built once (keys derived once per mode, salted with
 * its session cookie name). A fixed mode serves both kinds of request, so lookups never miss.
 */
export function cookieModes(
  secrets: readonly string[],
  overrides: CookiesOverrides | undefined,
  fixedSecure: boolean | undefined,
): CookieModes {
  const mode = (secure: boolean): CookieMode => {
    const cookies = mergeCookies(defaultCookies(secure), overrides)
    return Object.freeze({
      cookies,
      sessionJwe: new SessionJwe(secrets, cookies.sessionToken.name, undefined, {
        verifiedTokens: DEFAULT_VERIFIED_TOKENS,
      }),
    })
  }
  const secure = fixedSecure === false ? undefined : mode(true)
  const insecure = fixedSecure === true ? undefined : mode(false)
  return { secure: (secure ?? insecure)!, insecure: (insecure ?? secure)! }
}
