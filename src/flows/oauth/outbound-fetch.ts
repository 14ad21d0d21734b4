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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether `url` names a loopback host, where plain `http:` never leaves the machine. */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname.toLowerCase())
}

/** Thrown (as the cause of an OAuth error) when an endpoint's URL is refused before any byte is sent. */
export class InsecureEndpointError extends Error {
  override name = 'InsecureEndpointError'
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
 * of the caller), and no redirect following, since a redirected token request could carry the client's
 * credentials to another host.
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
    return inner(input, { ...init, redirect: 'manual', signal })
  }
}

/** Whether an error came from a refused URL, a timeout or an unreachable host rather than from the protocol. */
export function transportFailure(error: unknown): string | undefined {
  if (error instanceof InsecureEndpointError) return 'insecure_endpoint'
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'provider_timeout'
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'provider_unreachable'
  return undefined
}
