import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'

/** Options of {@link toWebRequest}. */
export interface ToWebRequestOptions {
  /**
   * Take the protocol and host from `X-Forwarded-Proto` / `X-Forwarded-Host`. Only when a proxy you control sets
   * them and strips them from clients (RFC 9700 §4.13); otherwise any client could choose the origin.
   */
  trustProxy?: boolean
}

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value
  return v?.split(',')[0]?.trim() || undefined
}

/**
 * Turns a `node:http` request into a web `Request`, streaming its body, so Gatehouse can answer it.
 *
 * @example
 * ```ts
 * http.createServer(async (req, res) => writeWebResponse(res, await handlers.GET(toWebRequest(req))))
 * ```
 */
export function toWebRequest(req: IncomingMessage, options: ToWebRequestOptions = {}): Request {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
  const proto =
    (options.trustProxy ? first(req.headers['x-forwarded-proto']) : undefined) ??
    (encrypted ? 'https' : 'http')
  const host =
    (options.trustProxy ? first(req.headers['x-forwarded-host']) : undefined) ??
    req.headers.host ??
    'localhost'
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(`${proto === 'https' ? 'https' : 'http'}://${host}${req.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  })
}
