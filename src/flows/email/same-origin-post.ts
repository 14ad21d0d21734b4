/**
 * Whether a POST comes from a page of `origin`, as far as the browser says: `Sec-Fetch-Site` must be
 * `same-origin` and `Origin` must be `origin` when they are sent. A client that sends neither is not a browser
 * (no browser omits both on a POST today), so another site cannot have made it send the request; the CSRF token
 * still applies to it.
 */
export function isSameOriginPost(headers: Headers, origin: string): boolean {
  const site = headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin') return false
  const sentOrigin = headers.get('origin')
  // `null` is what a page whose referrer policy is `no-referrer` sends even to its own origin; only the
  // browser's `Sec-Fetch-Site` can then vouch for it.
  if (sentOrigin !== null && sentOrigin !== origin && !(sentOrigin === 'null' && site === 'same-origin'))
    return false
  return true
}
