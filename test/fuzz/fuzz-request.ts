/**
 * One fuzzed HTTP request, independent of how it is sent: in-process as a web `Request` to `Auth()`, or as raw
 * bytes over TCP to a `node:http` server, so malformed request lines and headers reach the server unchanged.
 */

/** A request as the fuzzer generates it; `target` is the request target exactly as it goes on the wire. */
export interface FuzzRequest {
  readonly method: string
  readonly target: string
  /** In order, duplicates allowed; values may hold bytes a `Headers` object refuses (sent only over raw HTTP). */
  readonly headers: readonly (readonly [string, string])[]
  readonly body: string | undefined
  /** Raw HTTP only: bytes appended after the body (content-length lies, pipelined garbage). */
  readonly trailer?: string
  /** Raw HTTP only: the request line as sent, when it is deliberately malformed. */
  readonly requestLine?: string
}

/** The first value of a header (case-insensitive), or undefined. */
export function header(req: FuzzRequest, name: string): string | undefined {
  const lower = name.toLowerCase()
  return req.headers.find(([n]) => n.toLowerCase() === lower)?.[1]
}

function clip(text: string, max = 300): string {
  const shown = JSON.stringify(text.length > max ? text.slice(0, max) : text)
  return text.length > max ? `${shown}… (${text.length} chars)` : shown
}

/** The reproducer printed in an assertion message: method, target, headers and body, clipped but exact in kind. */
export function describeRequest(req: FuzzRequest): string {
  const lines = [req.requestLine !== undefined ? `request line: ${clip(req.requestLine)}` : ``]
  lines.push(`${req.method} ${clip(req.target)}`)
  for (const [name, value] of req.headers) lines.push(`  ${name}: ${clip(value)}`)
  if (req.body !== undefined) lines.push(`  body (Content-Length added when not stated): ${clip(req.body)}`)
  if (req.trailer !== undefined) lines.push(`  after the body: ${clip(req.trailer)}`)
  return lines.filter((l) => l !== '').join('\n')
}

/** Methods a web `Request` cannot carry (the Fetch standard forbids them); sent only over raw HTTP. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * The web `Request` an integration would build from this request, or the reason none can be built (a target
 * or Host that makes no URL, a header value `Headers` refuses): such requests are the raw-HTTP suite's business.
 */
export function toInProcessRequest(req: FuzzRequest): Request | { unbuildable: string } {
  if (req.requestLine !== undefined) return { unbuildable: 'a malformed request line' }
  if (forbiddenMethods.has(req.method.toUpperCase())) return { unbuildable: `the method ${req.method}` }
  const host = header(req, 'host') ?? 'localhost:3000'
  let url: URL
  try {
    url = /^https?:\/\//i.test(req.target) ? new URL(req.target) : new URL(`http://${host}${req.target}`)
  } catch {
    return { unbuildable: 'no URL from Host and target' }
  }
  const headers = new Headers()
  for (const [name, value] of req.headers) {
    try {
      headers.append(name, value)
    } catch {
      // A header `Headers` refuses cannot reach Auth() in-process; the raw suite sends it.
    }
  }
  const upper = req.method.toUpperCase()
  const hasBody = req.body !== undefined && upper !== 'GET' && upper !== 'HEAD'
  try {
    return new Request(url, { method: req.method, headers, ...(hasBody ? { body: req.body } : {}) })
  } catch (error) {
    return { unbuildable: String(error).slice(0, 120) }
  }
}

/**
 * The bytes sent over TCP: request line, headers as given, a blank line, the body and any trailer. A body gets
 * its true `Content-Length` unless the request states a length or a transfer coding of its own.
 */
export function toRawBytes(req: FuzzRequest): Buffer {
  const head = [req.requestLine ?? `${req.method} ${req.target} HTTP/1.1`]
  for (const [name, value] of req.headers) head.push(`${name}: ${value}`)
  if (req.body !== undefined && !header(req, 'content-length') && !header(req, 'transfer-encoding'))
    head.push(`Content-Length: ${Buffer.byteLength(req.body)}`)
  // UTF-8 for the head, as clients that send non-ASCII do; the parser must cope with any byte.
  return Buffer.concat([
    Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'),
    Buffer.from(req.body ?? '', 'utf8'),
    Buffer.from(req.trailer ?? '', 'utf8'),
  ])
}
