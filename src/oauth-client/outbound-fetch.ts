import type { TransportFailure } from '../error-reason.js'

/** Options of {@link createOutboundFetch}. */
export interface OutboundFetchOptions {
  /** The `fetch` to call (a `customFetch` of the provider or configuration, or the global one). */
  fetch: typeof fetch
  /** Milliseconds before a request is aborted. */
  timeoutMs: number
  /** Whether `http:` is allowed on hosts that are not loopback. */
  allowInsecure: boolean
}

/** Outbound requests default to 10 s: long enough for a slow IdP, short enough to free the request behind it. */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000

/**
 * Responses of a provider are read whole (JSON), so they are capped: a discovery document, key set, token or
 * userinfo response is a few kilobytes, and 1 MiB leaves room for ID tokens with large group claims. Without a cap a
 * hostile or broken endpoint could stream hundreds of megabytes into memory within the timeout.
 */
export const MAX_RESPONSE_BYTES = 1024 * 1024

/** Statuses whose responses have no body (and cannot be rebuilt with one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether `url` names a loopback host, where plain `http:` never leaves the machine. */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase())
}

/** Thrown (as the cause of an OAuth error) when an endpoint's URL is refused before any byte is sent. */
export class InsecureEndpointError extends Error {
  override name = 'InsecureEndpointError'
}

/** Thrown (as the cause of an OAuth error) when a provider's response is larger than {@link MAX_RESPONSE_BYTES}. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError'
}

/** `response` with its body cut off by an error past `max` bytes, announced (Content-Length) or streamed. */
function capped(response: Response, max: number, url: URL): Response {
  const tooLarge = () => new ResponseTooLargeError(`The response of ${url.host} exceeds ${max} bytes.`)
  if (Number(response.headers.get('content-length')) > max) {
    void response.body?.cancel()
    throw tooLarge()
  }
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response
  let seen = 0
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > max) controller.error(tooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
  const { status, statusText, headers } = response
  return new Response(body, { status, statusText, headers })
}

/**
 * Asserts that `url` may be requested: `https:`, or `http:` on a loopback host, or `http:` anywhere when allowed.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.6
 */
export function assertOutboundUrl(url: URL, allowInsecure: boolean): void {
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:' && (allowInsecure || isLoopbackUrl(url))) return
  throw new InsecureEndpointError(
    `Refusing ${url.protocol} request to ${url.host}: OAuth endpoints must use https: (plain http: only on ` +
      'localhost, 127.0.0.1 or [::1], or with the `allowInsecureRequests` symbol).',
  )
}

/**
 * Wraps `fetch` for every request to an OAuth provider: the URL policy above, a timeout (combined with any signal
 * of the caller), no redirect following, since a redirected token request could carry the client's credentials to
 * another host, and a cap on the size of the response.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.12
 */
export function createOutboundFetch(options: OutboundFetchOptions): typeof fetch {
  const { fetch: inner, timeoutMs, allowInsecure } = options
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    assertOutboundUrl(url, allowInsecure)
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
    return capped(await inner(input, { ...init, redirect: 'manual', signal }), MAX_RESPONSE_BYTES, url)
  }
}

/** Whether an error came from a refused URL, a timeout or an unreachable host rather than from the protocol. */
export function transportFailure(error: unknown): TransportFailure | undefined {
  if (error instanceof InsecureEndpointError) return 'insecure_endpoint'
  // oauth4webapi wraps a body that failed to read as a JSON parse error: look one or two causes down.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (e instanceof ResponseTooLargeError) return 'provider_response_too_large'
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'provider_timeout'
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'provider_unreachable'
  return undefined
}
