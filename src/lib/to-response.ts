import { serializeCookie } from '../cookies/serialize-cookie.js'
import type { ResponseInternal } from '../types.js'

/** The one place an internal result becomes a web `Response`. */
export function toResponse(result: ResponseInternal): Response {
  const headers = new Headers(result.headers)
  if (result.cookies) {
    for (const c of result.cookies) headers.append('Set-Cookie', serializeCookie(c.name, c.value, c.options))
  }
  if (result.redirect !== undefined) {
    headers.set('Location', result.redirect)
    return new Response(null, { status: result.status ?? 302, headers })
  }
  const status = result.status ?? 200
  if (result.body === undefined) return new Response(null, { status, headers })
  if (typeof result.body === 'string' && headers.get('Content-Type')?.startsWith('text/')) {
    return new Response(result.body, { status, headers })
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return new Response(JSON.stringify(result.body), { status, headers })
}
