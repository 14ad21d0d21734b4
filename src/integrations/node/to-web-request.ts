import type { IncomingMessage } from 'node:http'
import { attachClientAddress } from '../../rate-limit/client-address.js'
import { badRequest } from './bad-request.js'
import { requestOrigin } from './request-origin.js'
import { requestBodyStream } from './request-body-stream.js'
import { lazyRequest, lazyRequestsWork } from './lazy-request.js'

/** Options of {@link toWebRequest} and {@link toNodeHandler}. */
export interface ToWebRequestOptions {
  /**
   * Take the protocol and host from `X-Forwarded-Proto` / `X-Forwarded-Host`. Only when a proxy you control sets
   * them and strips them from clients (RFC 9700 §4.13); otherwise any client could choose the origin.
   */
  trustProxy?: boolean
}

/**
 * Turns a `node:http` request into a web `Request`, streaming its body, so Gatehouse can answer it. It never
 * throws: a request whose target or host cannot make a URL (`GET *`, a `Host` with a space, user info or a port
 * out of range, a method the Fetch standard forbids) gives a ready `400 Bad Request` `Response` instead, which the
 * caller writes back as it is. An absolute-form target (`GET http://host/path`, sent by proxies) is accepted, and
 * its authority wins over the `Host` header (RFC 9112 §3.2.2).
 *
 * Prefer {@link toNodeHandler}, which also catches a failing handler.
 *
 * @example
 * ```ts
 * const request = toWebRequest(req)
 * await writeWebResponse(res, request instanceof Response ? request : await handlers.GET(request))
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2
 */
export function toWebRequest(req: IncomingMessage, options: ToWebRequestOptions = {}): Request | Response {
  return nodeToRequest(req, options)
}

// Methods the Fetch standard refuses in a `Request` (checked up front, since a lazy request is built later).
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * {@link toWebRequest}: a {@link lazyRequest} where the runtime takes one (no `Headers` copy, no `AbortSignal`, no
 * body stream until something reads them), else a built `Request`.
 */
export function nodeToRequest(req: IncomingMessage, options: ToWebRequestOptions): Request | Response {
  const origin = requestOrigin(req, options)
  if (typeof origin !== 'object') return badRequest(origin)
  const method = req.method ?? 'GET'
  if (lazyRequestsWork && !FORBIDDEN_METHODS.has(method.toUpperCase())) {
    return lazyRequest(
      origin.url,
      method,
      req.headers,
      () => requestBodyStream(req),
      req.socket?.remoteAddress,
    )
  }
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      if (Array.isArray(value)) for (const v of value) headers.append(name, v)
      else headers.set(name, value)
    }
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const request = new Request(origin.url, {
      method,
      headers,
      ...(hasBody ? { body: requestBodyStream(req), duplex: 'half' } : {}),
    })
    // For per-client limits when the application's own code passes this request on to a handler: the connection's
    // address, which no header of the client can replace. `toNodeHandler` also passes it to the core as data.
    attachClientAddress(request, req.socket?.remoteAddress)
    return request
  } catch {
    // What is left for the Fetch standard to refuse: a forbidden method (CONNECT, TRACE, TRACK) or a header value
    // Node's parser let through. The request is the client's mistake, so it is a 400, never a throw.
    return badRequest('The request cannot be represented as a web Request.')
  }
}
