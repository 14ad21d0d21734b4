/**
 * Rewrites a token response that is not RFC 6749 §5.1 shaped into one that is, for a preset's `token.conform`: a
 * token set wrapped in a `data` array (Instagram's documented form) is unwrapped, and a missing `token_type`
 * becomes `bearer` (VK, WeChat, Instagram and Threads leave it out, which oauth4webapi rightly refuses). Error
 * responses and bodies that are not JSON objects pass through untouched, so the flow reports them as usual.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1
 */
export async function conformTokenResponse(response: Response): Promise<Response> {
  if (!response.ok) return response
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    return response
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return response
  let tokens = body as Record<string, unknown>
  const data = tokens['data']
  if (tokens['access_token'] === undefined && Array.isArray(data) && typeof data[0] === 'object' && data[0]) {
    tokens = data[0] as Record<string, unknown>
  }
  if (tokens === body && typeof tokens['token_type'] === 'string') return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify({ token_type: 'bearer', ...tokens }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
