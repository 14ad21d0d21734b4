/**
 * Turns a cookie into a `Set-Cookie` header value, byte for byte as Auth.js (its vendored `jshttp/cookie`) does.
 *
 * @module
 */

import type { SerializeOptions } from './serialize-options.js'

export type { SerializeOptions } from './serialize-options.js'

/** RFC 6265 §4.1.1 cookie-name = RFC 7230 `token` (tchar+). */
const cookieNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * RFC 6265 §4.1.1 domain-value: RFC 1034/1123 labels of at most 63 letters, digits and inner hyphens. A leading dot
 * is tolerated because browsers ignore it and existing Auth.js configurations use it.
 */
const domainPattern = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

/** RFC 6265 §4.1.1 path-value: any CHAR except CTLs or `;` (a `;` would start a forged attribute). */
const pathPattern = /^[\x20-\x3A\x3C-\x7E]*$/

/**
 * Serializes a cookie for a `Set-Cookie` header, with attributes in the order Auth.js emits them.
 *
 * Names, domains and paths come from configuration, so an invalid one is a programmer error and throws a
 * `TypeError` rather than producing a header a browser would misread (or that would inject attributes).
 *
 * @example
 * ```ts
 * serializeCookie('authjs.csrf-token', 'abc|def', { httpOnly: true, sameSite: 'lax', path: '/' })
 * // 'authjs.csrf-token=abc%7Cdef; Path=/; HttpOnly; SameSite=Lax'
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 */
export function serializeCookie(name: string, value: string, options: SerializeOptions = {}): string {
  if (typeof name !== 'string' || !cookieNamePattern.test(name)) {
    throw new TypeError(`Invalid cookie name ${JSON.stringify(name)}: use only RFC 6265 token characters`)
  }
  let header = `${name}=${encodeValue(name, value)}`

  const { maxAge, domain, path, expires, priority, sameSite } = options
  if (maxAge !== undefined) {
    if (!Number.isInteger(maxAge)) {
      throw new TypeError(`Invalid maxAge ${String(maxAge)} for cookie ${name}: it must be an integer`)
    }
    header += `; Max-Age=${maxAge}`
  }
  if (domain) {
    if (typeof domain !== 'string' || !domainPattern.test(domain)) {
      throw new TypeError(`Invalid domain ${JSON.stringify(domain)} for cookie ${name}`)
    }
    header += `; Domain=${domain}`
  }
  if (path) {
    if (typeof path !== 'string' || !pathPattern.test(path)) {
      throw new TypeError(
        `Invalid path ${JSON.stringify(path)} for cookie ${name}: no control characters or ";"`,
      )
    }
    header += `; Path=${path}`
  }
  if (expires) {
    if (!(expires instanceof Date) || !Number.isFinite(expires.getTime())) {
      throw new TypeError(`Invalid expires for cookie ${name}: it must be a valid Date`)
    }
    header += `; Expires=${utcString(expires)}`
  }
  if (options.httpOnly) header += '; HttpOnly'
  if (options.secure) header += '; Secure'
  if (options.partitioned) header += '; Partitioned'
  if (priority) header += `; Priority=${priorityAttribute(name, priority)}`
  if (sameSite) header += `; SameSite=${sameSiteAttribute(name, sameSite)}`
  return header
}

/** The last `Expires` text and the whole second it is for: a session check writes the same one for a second. */
let lastExpiresSecond = Number.NaN
let lastExpiresText = ''

/** `date.toUTCString()`, which shows whole seconds only, so one string serves the whole second (~0.6 µs saved). */
function utcString(date: Date): string {
  const second = Math.floor(date.getTime() / 1000)
  if (second !== lastExpiresSecond) {
    lastExpiresText = date.toUTCString()
    lastExpiresSecond = second
  }
  return lastExpiresText
}

function encodeValue(name: string, value: string): string {
  try {
    return encodeURIComponent(value)
  } catch (cause) {
    // A lone surrogate cannot be percent-encoded; report it like every other invalid argument.
    throw new TypeError(`Invalid value for cookie ${name}: it is not well-formed Unicode`, { cause })
  }
}

function priorityAttribute(name: string, priority: string): string {
  // Configurations are plain JavaScript too, so accept any case, as jshttp/cookie does.
  switch (typeof priority === 'string' ? priority.toLowerCase() : priority) {
    case 'low':
      return 'Low'
    case 'medium':
      return 'Medium'
    case 'high':
      return 'High'
    default:
      throw new TypeError(`Invalid priority ${String(priority)} for cookie ${name}`)
  }
}

function sameSiteAttribute(name: string, sameSite: string | true): string {
  switch (typeof sameSite === 'string' ? sameSite.toLowerCase() : sameSite) {
    case true:
    case 'strict':
      return 'Strict'
    case 'lax':
      return 'Lax'
    case 'none':
      return 'None'
    default:
      throw new TypeError(`Invalid sameSite ${String(sameSite)} for cookie ${name}`)
  }
}
