import type { CookieMode, ResolvedConfig } from '../config/resolve-config.js'
import type { ResolvedProvider } from '../config/resolved-provider.js'
import { createCsrfToken, csrfTokenMatches, readCsrfCookie } from '../csrf/csrf-token.js'
import { cookieModeFor } from '../session/session-read-context.js'
import type { AuthAction, Cookie, CookiesOptions } from '../types.js'
import { resolveCallbackUrl } from './resolve-callback-url.js'
import type { AuthRequest } from './parse-request.js'

/** The CSRF state of a request: the token to show in forms and whether the posted one matched. */
export interface CsrfState {
  token: string
  verified: boolean
  /** Set when a new token was minted: the cookie to send. */
  cookie: Cookie | undefined
}

/**
 * Everything an action needs about one request. CSRF and callback URL are computed on first use only, so that the
 * session check, the hot path, does neither.
 */
export class RequestContext {
  readonly origin: string
  readonly mode: CookieMode
  readonly cookies: CookiesOptions
  provider: ResolvedProvider | undefined
  /** Cookies to send even when the action fails, e.g. clearing used OAuth check cookies. */
  readonly failureCookies: Cookie[] = []
  #csrf: CsrfState | undefined
  #callbackUrl: Promise<{ url: string; cookie: Cookie | undefined }> | undefined

  constructor(
    readonly config: ResolvedConfig,
    readonly req: AuthRequest,
  ) {
    // With AUTH_URL the public origin is fixed; the Host header is never consulted (wire-contract §1.12).
    this.origin = config.authUrl?.origin ?? req.url.origin
    this.mode = cookieModeFor(config, this.origin)
    this.cookies = this.mode.cookies
  }

  /** `{origin}{basePath}/{action}[/{providerId}]`. */
  actionUrl(action: AuthAction, providerId?: string): string {
    const base = `${this.origin}${this.config.basePath}/${action}`
    return providerId === undefined ? base : `${base}/${encodeURIComponent(providerId)}`
  }

  /** `{origin}{basePath}/{path}`, the address of a feature route (`two-factor`). */
  routeUrl(path: string): string {
    return `${this.origin}${this.config.basePath}/${path}`
  }

  /** The URL of a configured custom page (absolute kept, relative resolved against the origin). */
  pageUrl(path: string): string {
    return /^https?:\/\//i.test(path) ? path : `${this.origin}${path}`
  }

  /** Reads the CSRF cookie, minting a new token when it is missing or not authentic. */
  csrf(): CsrfState {
    if (this.#csrf) return this.#csrf
    const name = this.cookies.csrfToken.name
    const existing = readCsrfCookie(this.req.cookies[name], this.config.secrets)
    if (existing !== undefined) {
      this.#csrf = {
        token: existing,
        verified: csrfTokenMatches(this.req.body?.csrfToken, existing),
        cookie: undefined,
      }
    } else {
      const minted = createCsrfToken(this.config.secrets)
      this.#csrf = {
        token: minted.token,
        verified: false,
        cookie: { name, value: minted.cookieValue, options: this.cookies.csrfToken.options },
      }
    }
    return this.#csrf
  }

  /** The validated address to return to after this action, and the cookie that remembers it when it changed. */
  callbackUrl(): Promise<{ url: string; cookie: Cookie | undefined }> {
    this.#callbackUrl ??= resolveCallbackUrl(this)
    return this.#callbackUrl
  }
}
