import type { ResponseInternal } from '../types.js'

const PLACEHOLDER = 'http://gatehouse.invalid'
const HEADER_SAFE = /^[\x21-\x7e]+$/

/**
 * The form of a redirect target that a `Location` header can carry, or `undefined` when it is not a URL at all:
 * an absolute URL becomes its WHATWG serialisation, a relative one keeps its form with the same percent-encoding.
 * `Headers` throws on a value with CR/LF or a code point above U+00FF, and a throw there would skip every
 * `Set-Cookie` of the answer (sign-out's cookie clearing among them).
 */
export function safeLocation(value: string): string | undefined {
  if (HEADER_SAFE.test(value)) return value
  try {
    // The URL parser drops ASCII tab and newline and percent-encodes everything else outside printable ASCII.
    const url = new URL(value, PLACEHOLDER)
    const href =
      url.origin === PLACEHOLDER && !/^[a-z][a-z0-9+.-]*:/i.test(value)
        ? `${url.pathname}${url.search}${url.hash}`
        : url.href
    return HEADER_SAFE.test(href) ? href : undefined
  } catch {
    return undefined
  }
}

/** The result with a `Location` that `Headers` accepts (the origin when the target is not a URL at all). */
export function withSafeLocation(result: ResponseInternal, origin: string): ResponseInternal {
  if (result.redirect === undefined) return result
  const location = safeLocation(result.redirect) ?? origin
  return location === result.redirect ? result : { ...result, redirect: location }
}
