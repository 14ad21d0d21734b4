import { serializeCookie } from '../cookies/serialize-cookie.js'
import type { ResponseInternal } from '../types.js'
import { safeLocation } from './safe-location.js'

/** An internal result reduced to what goes on the wire, before it becomes a `Response` or a Node answer. */
export interface ResponseParts {
  status: number
  /** The headers record as the result gave it (names in any case). */
  headers: Record<string, string> | undefined
  body: string | null
  /** The `Location` value, already made header-safe. */
  location: string | undefined
  /** `Set-Cookie` values, one per cookie. */
  setCookie: string[]
}

/** The one place an internal result is turned into status, headers, body and cookies. */
export function responseParts(result: ResponseInternal): ResponseParts {
  const { headers, cookies, redirect } = result
  let init = headers
  let body: string | null = null
  if (redirect === undefined && result.body !== undefined) {
    const type = contentType(headers)
    if (typeof result.body === 'string' && type?.startsWith('text/')) {
      body = result.body
    } else {
      body = JSON.stringify(result.body)
      if (type === undefined) init = { ...headers, 'Content-Type': 'application/json' }
    }
  }
  return {
    status: result.status ?? (redirect === undefined ? 200 : 302),
    headers: init,
    body,
    // The router already made the target header-safe; this is the last line for results built elsewhere.
    location: redirect === undefined ? undefined : (safeLocation(redirect) ?? '/'),
    setCookie: cookies ? cookies.map((c) => serializeCookie(c.name, c.value, c.options)) : [],
  }
}

/**
 * The one place an internal result becomes a web `Response`.
 *
 * The headers record goes to the constructor as it is, and `Location` and the cookies are written into the
 * response's own headers afterwards: building a separate `Headers` first would cost its construction plus a sorted
 * copy into the response's. The headers a client sees are the same (and `Set-Cookie` stays one header per cookie).
 */
export function toResponse(result: ResponseInternal): Response {
  return partsToResponse(responseParts(result))
}

/** A web `Response` of {@link responseParts}. */
export function partsToResponse(parts: ResponseParts): Response {
  const { status, headers, body, location, setCookie } = parts
  const response = new Response(body, headers === undefined ? { status } : { status, headers })
  if (location !== undefined) response.headers.set('Location', location)
  for (const cookie of setCookie) response.headers.append('Set-Cookie', cookie)
  return response
}

/** What `new Headers(headers).get('Content-Type')` would give (`undefined` for none), mostly without building it. */
function contentType(headers: Record<string, string> | undefined): string | undefined {
  if (headers === undefined) return undefined
  let value: string | undefined
  let count = 0
  for (const name of Object.keys(headers)) {
    if (name.length === 12 && name.toLowerCase() === 'content-type') {
      value = headers[name]
      count++
    }
  }
  // Several spellings of the name are combined, and surrounding whitespace is trimmed: let Headers do that.
  if (count > 1 || (value !== undefined && /^[\t\n\r ]|[\t\n\r ]$/.test(value))) {
    return new Headers(headers).get('Content-Type') ?? undefined
  }
  return value
}
