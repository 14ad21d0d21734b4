import type { IncomingHttpHeaders } from 'node:http'
import { lazyAnswer } from '../../symbols.js'
import type { ResponseInternal } from '../../types.js'
import { delegateAll } from './delegate-all.js'
import { lazyResponse } from './lazy-response.js'

// What `Headers` strips from both ends of a value (Fetch standard, "normalize"); Node's parser leaves some.
const TRIM = /^[\t\n\r ]+|[\t\n\r ]+$/g
// Registered (as in `rate-limit/client-address.ts`), so the core reads the address this request carries.
const CLIENT_ADDRESS = Symbol.for('gatehouse-auth.clientAddress')

/** Tab, LF, CR or space: HTTP whitespace, as the Fetch standard's "normalize" strips it. */
function isHttpWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

const source = Symbol('gatehouse.nodeHeaders')
const realHeaders = Symbol('gatehouse.realHeaders')
const fields = Symbol('gatehouse.requestFields')
const realRequest = Symbol('gatehouse.realRequest')

interface LazyHeadersState {
  [source]: IncomingHttpHeaders
  [realHeaders]: Headers | undefined
}

interface RequestFields {
  url: string
  method: string
  headers: LazyHeadersState
  body: (() => ReadableStream<Uint8Array>) | undefined
  clientAddress: string | undefined
}

interface LazyRequestState {
  [fields]: RequestFields
  [realRequest]: Request | undefined
}

/** The `Headers` object these `node:http` headers make, built on first need, as `toWebRequest` builds it. */
function materialHeaders(state: LazyHeadersState): Headers {
  let headers = state[realHeaders]
  if (headers === undefined) {
    headers = new Headers()
    for (const [name, value] of Object.entries(state[source])) {
      if (value === undefined) continue
      if (Array.isArray(value)) for (const v of value) headers.append(name, v)
      else headers.set(name, value)
    }
    state[realHeaders] = headers
  }
  return headers
}

function normalised(value: string): string {
  // The two ends only (a regular expression anchored at the end scans the whole value: a cookie header is long).
  if (value === '') return value
  return isHttpWhitespace(value.charCodeAt(0)) || isHttpWhitespace(value.charCodeAt(value.length - 1))
    ? value.replace(TRIM, '')
    : value
}

/** `Headers#get` of the headers `materialHeaders` would build, read straight from the Node record. */
function readHeader(source: IncomingHttpHeaders, name: string): string | null {
  const value = source[name.toLowerCase()]
  if (value === undefined) return null
  if (typeof value === 'string') return normalised(value)
  return value.map(normalised).join(', ')
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Object.create is typed `any`
const headersPrototype: object = Object.create(Headers.prototype, {
  get: {
    value(this: LazyHeadersState, name: string): string | null {
      return this[realHeaders] ? this[realHeaders].get(name) : readHeader(this[source], name)
    },
  },
  has: {
    value(this: LazyHeadersState, name: string): boolean {
      return this[realHeaders] ? this[realHeaders].has(name) : this[source][name.toLowerCase()] !== undefined
    },
  },
})
delegateAll(headersPrototype, Headers.prototype, (self) => materialHeaders(self as LazyHeadersState))

// `url`, `method` and `headers` are the fast reads; every other member builds the real `Request`.
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Object.create is typed `any`
const requestPrototype: object = Object.create(Request.prototype, {
  url: {
    get(this: LazyRequestState) {
      return this[fields].url
    },
  },
  method: {
    get(this: LazyRequestState) {
      return this[fields].method
    },
  },
  headers: {
    get(this: LazyRequestState) {
      return this[fields].headers
    },
  },
  // The connection's address, for per-client limits when a handler is called with this request.
  [CLIENT_ADDRESS]: {
    get(this: LazyRequestState) {
      return this[fields].clientAddress
    },
  },
  // `createAuth`'s handlers answer a request of this kind with a lazy `Response`: it came from `node:http` and its
  // answer most likely goes back there, where `writeWebResponse` writes it without building the `Response`.
  [lazyAnswer]: {
    value: (result: ResponseInternal): Response => lazyResponse(result),
  },
})
delegateAll(
  requestPrototype,
  Request.prototype,
  (self) => materialRequest(self as LazyRequestState),
  new Request('http://localhost/'),
)

function materialRequest(state: LazyRequestState): Request {
  let request = state[realRequest]
  if (request === undefined) {
    const { url, method, headers, body } = state[fields]
    // `duplex` is in Node's `RequestInit` but not in the DOM typings this project compiles against.
    const init: RequestInit & { duplex?: 'half' } =
      body === undefined
        ? { method, headers: materialHeaders(headers) }
        : { method, headers: materialHeaders(headers), body: body(), duplex: 'half' }
    request = new Request(url, init)
    state[realRequest] = request
  }
  return request
}

/**
 * A web `Request` over a `node:http` request's URL, method, headers and body, that is a real `Request` to its
 * readers (`instanceof Request`, every member, and undici's own slots, so `new Request(lazy)`, `fetch(lazy)`,
 * `clone()`, `formData()` work) but builds one, with its `Headers`, `AbortSignal` and body stream, only when
 * something other than `url`, `method`, `headers.get` or `headers.has` is read. The session check reads only
 * those, so it costs no `Request` at all; what it reads is what the built one would give. `body` makes the body
 * stream, for methods other than `GET` and `HEAD`. Only where {@link lazyRequestsWork}.
 */
export function lazyRequest(
  url: string,
  method: string,
  nodeHeaders: IncomingHttpHeaders,
  body?: () => ReadableStream<Uint8Array>,
  clientAddress?: string,
): Request {
  const headers = Object.create(headersPrototype) as LazyHeadersState
  headers[source] = nodeHeaders
  headers[realHeaders] = undefined
  const request = Object.create(requestPrototype) as LazyRequestState
  request[fields] = {
    url,
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    clientAddress: clientAddress === '' ? undefined : clientAddress,
  }
  request[realRequest] = undefined
  return request as unknown as Request
}

/**
 * Whether this runtime's `Request` accepts a lazy one where it reads another request's slots (`new Request(lazy)`):
 * true of Node's undici, which keeps them under symbols. Elsewhere `toWebRequest` builds real requests.
 */
export const lazyRequestsWork: boolean = (() => {
  try {
    const body = () => new Response('probe').body!
    const lazy = lazyRequest('http://localhost/p', 'POST', { 'x-probe': 'yes' }, body)
    const copy = new Request(lazy)
    return (
      copy.url === 'http://localhost/p' &&
      copy.method === 'POST' &&
      copy.headers.get('x-probe') === 'yes' &&
      copy.body !== null
    )
  } catch {
    return false
  }
})()
