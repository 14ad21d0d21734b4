import type { Cookie } from '../types.js'
import type { RequestContext } from './request-context.js'

const MAX_URL_LENGTH = 2048

/**
 * An http(s) URL (relative ones resolved against the origin) no longer than 2 KiB and without user info, or
 * `undefined`. A hostile value (`javascript:`, `data:`, `user@host`, garbage) is ignored, where Auth.js answered it
 * with a 500.
 */
export function parseCallbackCandidate(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_URL_LENGTH) return undefined
  try {
    const url = new URL(value, origin)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    // No return address needs credentials in it, and `http://app.example@evil.example` is the classic way past a
    // `url.startsWith(baseUrl)` check in an application's `redirect` callback.
    return url.username === '' && url.password === '' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Picks the callback URL from the body, the query, then the callback-url cookie, else the origin, and passes it
 * through the `redirect` callback (wire-contract §1.11). The cookie is set only when a request named a new address.
 */
export async function resolveCallbackUrl(
  ctx: RequestContext,
): Promise<{ url: string; cookie: Cookie | undefined }> {
  const { req, origin, config } = ctx
  const cookieName = ctx.cookies.callbackUrl.name
  const stored = parseCallbackCandidate(req.cookies[cookieName], origin)
  const asked =
    parseCallbackCandidate(req.body?.callbackUrl, origin) ??
    parseCallbackCandidate(req.query.callbackUrl, origin)
  const candidate = asked ?? stored ?? origin
  const url = await config.callbacks.redirect({ url: candidate, baseUrl: origin })
  const safe = typeof url === 'string' && url !== '' ? url : origin
  const cookie =
    asked !== undefined && safe !== req.cookies[cookieName]
      ? { name: cookieName, value: safe, options: ctx.cookies.callbackUrl.options }
      : undefined
  return { url: safe, cookie }
}
