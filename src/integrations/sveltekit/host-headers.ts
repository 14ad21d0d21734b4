import type { RequestEvent } from '@sveltejs/kit'

/** The request's headers, with kit's own idea of the host when the request has no `Host` (an internal fetch). */
export function hostHeaders(event: RequestEvent): Headers {
  const headers = event.request.headers
  if (headers.get('host') || headers.get('x-forwarded-host')) return headers
  const withHost = new Headers(headers)
  withHost.set('host', event.url.host)
  return withHost
}
