import type { ResponseInternal } from '../types.js'

/**
 * `X-Auth-Return-Redirect` (any value): a redirect becomes 200 JSON `{url}`, keeping its headers and cookies, so
 * that a client using fetch can follow it itself (wire-contract §1.3).
 */
export function finishResult(request: Request, result: ResponseInternal): ResponseInternal {
  if (result.redirect === undefined || !request.headers.has('X-Auth-Return-Redirect')) return result
  const { redirect, jsonStatus, ...rest } = result
  return {
    ...rest,
    status: jsonStatus ?? 200,
    headers: { ...result.headers, 'Content-Type': 'application/json', Location: redirect },
    body: { url: redirect },
  }
}
