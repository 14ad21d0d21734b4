import { serializeCookie } from '../cookies/serialize-cookie.js'
import type { ResponseInternal } from '../types.js'
import { safeLocation } from './safe-location.js'

/**
 * The one place an internal result becomes a web `Response`.
 *
 * The headers record goes to the constructor as it is, and `Location` and the cookies are written into the
 * response's own headers afterwards: building a separate `Headers` first would cost its construction plus a sorted
 * copy into the response's. The headers a client sees are the same (and `Set-Cookie` stays one header per cookie).
 */
export function toResponse(result: ResponseInternal): Response {
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
  const status = result.status ?? (redirect === undefined ? 200 : 302)
  const response = new Response(body, init === undefined ? { status } : { status, headers: init })
  // The router already made the target header-safe; this is the last line for results built elsewhere.
  if (redirect !== undefined) response.headers.set('Location', safeLocation(redirect) ?? '/')
  if (cookies) {
    for (const c of cookies)
      response.headers.append('Set-Cookie', serializeCookie(c.name, c.value, c.options))
  }
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
