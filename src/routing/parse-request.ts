import { parseCookies } from '../cookies/parse-cookies.js'
import type { AuthAction, Method } from './auth-actions.js'
import type { PathMatch, Router } from './router.js'

/** A web `Request` parsed into what the actions need. */
export interface AuthRequest {
  readonly request: Request
  readonly url: URL
  readonly method: Method
  /** The Auth.js action the path names; `undefined` on a feature route. */
  readonly action: AuthAction | undefined
  readonly providerId: string | undefined
  /** What a feature route's `:name` segment took, decoded (the passkey script's file name). */
  readonly param?: string | undefined
  readonly cookies: Record<string, string>
  readonly query: Record<string, string>
  readonly body: Record<string, unknown> | undefined
  /** The client's address as the integration saw it (the connection's, or its framework's `trust proxy` rule). */
  readonly clientAddress?: string | undefined
}

/** A parsed request and what its path matched: the router dispatches on `match.routes[method]`. */
export interface RoutedRequest extends AuthRequest {
  readonly match: PathMatch
}

/** Why a request could not be parsed; every one is a 400. */
export type ParseFailure = { failure: 'unknown-action' | 'bad-body' | 'too-large'; detail: string }

/** Auth forms are small; a cap keeps a hostile 10 MB body from costing memory or time. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * Parses method, path (through `router`), cookies, query and (for POST) a JSON or form body of at most
 * {@link MAX_BODY_BYTES}. A `GET` is parsed at once (no promise: the session check waits for nothing here); a
 * `POST` after its body is read.
 */
export function parseRequest(
  request: Request,
  basePath: string,
  router: Router,
  clientAddress?: string,
): RoutedRequest | ParseFailure | Promise<RoutedRequest | ParseFailure> {
  const method = request.method
  if (method !== 'GET' && method !== 'POST')
    return { failure: 'unknown-action', detail: `the method ${method.slice(0, 16)}` }
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return { failure: 'unknown-action', detail: 'the request URL does not parse' }
  }
  const match = router.match(url.pathname, basePath)
  if (!match)
    return {
      failure: 'unknown-action',
      detail: `${url.pathname.slice(0, 200)}: no such action under ${basePath}`,
    }
  if (method !== 'POST') return routed(request, url, method, match, clientAddress, undefined)
  return readBody(request).then((read) =>
    'failure' in read ? read : routed(request, url, method, match, clientAddress, read.body),
  )
}

/** The parsed request (cookies and query read here), once the body, if any, is in. */
function routed(
  request: Request,
  url: URL,
  method: Method,
  match: PathMatch,
  clientAddress: string | undefined,
  body: Record<string, unknown> | undefined,
): RoutedRequest {
  return {
    request,
    url,
    method,
    action: match.action,
    providerId: match.providerId,
    param: match.param,
    match,
    cookies: parseCookies(request.headers.get('cookie')),
    query: url.search === '' ? {} : Object.fromEntries(url.searchParams),
    body,
    clientAddress,
  }
}

async function readBody(
  request: Request,
): Promise<{ body: Record<string, unknown> | undefined } | ParseFailure> {
  const type = request.headers.get('content-type') ?? ''
  const isJson = type.includes('application/json')
  const isForm = type.includes('application/x-www-form-urlencoded')
  // Other types (multipart included) are not read, as in Auth.js: the CSRF check then fails with MissingCSRF.
  if (!isJson && !isForm) {
    await request.body?.cancel().catch(() => {})
    return { body: undefined }
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) {
    await request.body?.cancel().catch(() => {})
    return { failure: 'too-large', detail: `a body of ${declared} bytes` }
  }
  let text: string | undefined
  try {
    text = await readCapped(request)
  } catch (error) {
    // The client went away or the stream broke mid-body: unparsable, a 400 (wire-contract §1.4 #1), never a
    // rejection that escapes to the framework as an unhandled error.
    return { failure: 'bad-body', detail: `the body could not be read: ${String(error).slice(0, 200)}` }
  }
  if (text === undefined) return { failure: 'too-large', detail: `a body over ${MAX_BODY_BYTES} bytes` }
  if (isForm) return { body: Object.fromEntries(new URLSearchParams(text)) }
  if (text.trim() === '') return { body: {} }
  try {
    const json: unknown = JSON.parse(text)
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return { failure: 'bad-body', detail: 'the JSON body is not an object' }
    }
    return { body: json as Record<string, unknown> }
  } catch {
    return { failure: 'bad-body', detail: 'the body is not valid JSON' }
  }
}

/** Reads the body as UTF-8, stopping (and cancelling the stream) as soon as it exceeds the cap. */
async function readCapped(request: Request): Promise<string | undefined> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  // Invalid sequences become U+FFFD and a leading BOM stays, as with Buffer#toString (no `Buffer` on the edge).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
}
