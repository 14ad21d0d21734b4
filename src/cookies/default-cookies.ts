/**
 * The names and attributes of the cookies Gatehouse sets, identical to Auth.js v5 so that sessions and in-flight
 * sign-ins survive a switch between the two.
 *
 * @module
 */
import type { CookieOption, CookiesOptions, CookiesOverrides } from '../types.js'
import type { SerializeOptions } from './serialize-cookie.js'

/** Check cookies (PKCE verifier, state, WebAuthn challenge) live 15 minutes, as in Auth.js. */
const CHECK_COOKIE_MAX_AGE = 15 * 60

/** Every cookie key; `satisfies` makes the compiler flag a key added to `CookiesOptions` but missing here. */
const cookieKeys = Object.freeze(
  Object.keys({
    sessionToken: true,
    callbackUrl: true,
    csrfToken: true,
    pkceCodeVerifier: true,
    state: true,
    nonce: true,
    webauthnChallenge: true,
  } satisfies Record<keyof CookiesOptions, true>) as (keyof CookiesOptions)[],
)

/**
 * Returns a fresh set of the default cookie names and options, with the `__Secure-` and `__Host-` prefixes when
 * `useSecureCookies` is true.
 *
 * @example
 * ```ts
 * defaultCookies(true).sessionToken.name // '__Secure-authjs.session-token'
 * ```
 * @see https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-rfc6265bis#section-4.1.3
 */
export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  const prefix = useSecureCookies ? '__Secure-' : ''
  // Each call builds new objects: callers (and mergeCookies) may own and freeze the result.
  const base = (): SerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: useSecureCookies,
  })
  const check = (): SerializeOptions => ({ ...base(), maxAge: CHECK_COOKIE_MAX_AGE })
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: base() },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: base() },
    // `__Host-` also forbids a Domain attribute, so a sibling subdomain cannot plant a CSRF cookie.
    csrfToken: { name: `${useSecureCookies ? '__Host-' : ''}authjs.csrf-token`, options: base() },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: check() },
    state: { name: `${prefix}authjs.state`, options: check() },
    // No Max-Age here (as in Auth.js): the nonce's Expires is set where the cookie is written.
    nonce: { name: `${prefix}authjs.nonce`, options: base() },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: check() },
  }
}

/**
 * Deep-merges user cookie overrides over the defaults into a new object, never mutating either input.
 *
 * Unlike Auth.js's merge, an `expires` Date stays a Date (Auth.js turns it into `{}`), `undefined` values leave the
 * default in place, and keys that are not cookies Gatehouse sets are ignored.
 *
 * @example
 * ```ts
 * mergeCookies(defaultCookies(true), { sessionToken: { options: { domain: 'example.com' } } })
 * ```
 */
export function mergeCookies(
  defaults: CookiesOptions,
  overrides: CookiesOverrides | undefined,
): CookiesOptions {
  const merged = {} as CookiesOptions
  for (const key of cookieKeys) {
    merged[key] = mergeCookie(defaults[key], overrides?.[key])
  }
  return merged
}

function mergeCookie(base: CookieOption, override: Partial<CookieOption> | undefined): CookieOption {
  const options = copyOptions(base.options)
  const overrideOptions: unknown = override?.options
  if (overrideOptions !== null && typeof overrideOptions === 'object') {
    for (const [option, value] of Object.entries(overrideOptions)) {
      if (value !== undefined) (options as Record<string, unknown>)[option] = copyValue(value)
    }
  }
  return { name: override?.name ?? base.name, options }
}

function copyOptions(options: SerializeOptions): SerializeOptions {
  const copy: Record<string, unknown> = {}
  for (const [option, value] of Object.entries(options)) copy[option] = copyValue(value)
  return copy
}

/** Dates are mutable; a shared one would let a change to the result alter the defaults or the user's object. */
function copyValue(value: unknown): unknown {
  return value instanceof Date ? new Date(value.getTime()) : value
}
