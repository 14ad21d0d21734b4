import type { IncomingMessage } from 'node:http'
import { badRequest } from '../node/bad-request.js'
import { requestBodyStream } from '../node/request-body-stream.js'
import { requestOrigin, type RequestOrigin } from '../node/request-origin.js'
import { lazyRequest, lazyRequestsWork } from '../node/lazy-request.js'

/** The parts of an Express request this module reads (Express 4 and 5 both have them). */
export interface ExpressLikeRequest extends IncomingMessage {
  originalUrl?: string | undefined
  body?: unknown
  app?: { get(setting: string): unknown } | undefined
  res?: ExpressLikeResponse | undefined
}

/** The parts of an Express response this module writes. */
export interface ExpressLikeResponse {
  headersSent: boolean
  locals?: Record<string, unknown> | undefined
  append?: ((name: string, value: string | string[]) => unknown) | undefined
}

/** Whether the app was told to trust `X-Forwarded-*` (`app.set('trust proxy', …)`), as `req.protocol` does. */
export function trustsProxy(req: ExpressLikeRequest): boolean {
  try {
    const setting = req.app?.get('trust proxy')
    return setting !== undefined && setting !== false && setting !== 0
  } catch {
    return false
  }
}

/** Whether a body parser (`express.json()`, `express.urlencoded()`, …) already read the body stream. */
function bodyConsumed(req: ExpressLikeRequest): boolean {
  return req.readableEnded || (req as { _body?: unknown })._body === true
}

/** A form field's text, or `null` for what is not a scalar. */
function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  return null
}

/**
 * Re-encodes a body a parser already turned into a value, in the request's own content type, so the core reads
 * the same fields it would have read from the wire.
 */
function reencodedBody(req: ExpressLikeRequest): BodyInit | undefined {
  const body = req.body
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || body instanceof Uint8Array) return body as BodyInit
  if (typeof body !== 'object') return scalar(body) ?? undefined
  const type = (req.headers['content-type'] ?? '').toLowerCase()
  if (type.includes('json')) return JSON.stringify(body)
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // Only scalar fields exist on the wire of any action; nested values of `extended: true` are not ours.
    if (Array.isArray(value))
      for (const v of value as unknown[]) {
        const text = scalar(v)
        if (text !== null) params.append(key, text)
      }
    else {
      const text = scalar(value)
      if (text !== null) params.append(key, text)
    }
  }
  return params.toString()
}

/** The URL an Express request addresses (by its `originalUrl`, so the mount path does not matter), or why none. */
export function expressUrl(req: ExpressLikeRequest): RequestOrigin {
  const view = {
    socket: req.socket,
    headers: req.headers,
    url: req.originalUrl ?? req.url,
  } as IncomingMessage
  return requestOrigin(view, { trustProxy: trustsProxy(req) })
}

/**
 * The client's address as Express sees it: `req.ip`, which follows `app.set('trust proxy', …)`, once the app trusts a
 * proxy; the connection's otherwise (what `req.ip` is then too, read without parsing `X-Forwarded-For`).
 */
export function expressClientAddress(req: ExpressLikeRequest): string | undefined {
  if (trustsProxy(req)) {
    const ip = (req as { ip?: unknown }).ip
    if (typeof ip === 'string' && ip !== '') return ip
  }
  return req.socket?.remoteAddress
}

/**
 * Turns an Express request into a web `Request` addressed by its `originalUrl` (so the mount path does not
 * matter), streaming the body when no parser read it and re-encoding `req.body` when one did. Never throws: an
 * unusable target or host gives a ready 400 `Response`. With `lazy` (for the core only), a bodiless request as a
 * lazy `Request`.
 */
export function expressToWebRequest(
  req: ExpressLikeRequest,
  options: { lazy?: boolean } = {},
): Request | Response {
  const origin = expressUrl(req)
  if (typeof origin !== 'object') return badRequest(origin)
  const method = req.method ?? 'GET'
  if (options.lazy && lazyRequestsWork && (method === 'GET' || method === 'HEAD'))
    return lazyRequest(origin.url, method, req.headers)
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      if (Array.isArray(value)) for (const v of value) headers.append(name, v)
      else headers.set(name, value)
    }
    if (method === 'GET' || method === 'HEAD') return new Request(origin.url, { method, headers })
    if (bodyConsumed(req)) {
      // The length and encoding of the original bytes no longer describe the re-encoded body.
      headers.delete('content-length')
      headers.delete('content-encoding')
      headers.delete('transfer-encoding')
      return new Request(origin.url, { method, headers, body: reencodedBody(req) ?? null })
    }
    return new Request(origin.url, {
      method,
      headers,
      body: requestBodyStream(req),
      duplex: 'half',
    } as RequestInit)
  } catch {
    return badRequest('The request cannot be represented as a web Request.')
  }
}
