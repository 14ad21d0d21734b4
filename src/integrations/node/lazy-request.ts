import type { IncomingHttpHeaders } from 'node:http'

// What `Headers` strips from both ends of a value (Fetch standard, "normalize"); Node's parser leaves some.
const TRIM = /^[\t\n\r ]+|[\t\n\r ]+$/g

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

interface LazyRequestState {
  [fields]: { url: string; method: string; headers: LazyHeadersState }
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

/**
 * Copies every member of a web class's prototype onto `target`, each one delegating to the real object `real(this)`
 * returns; what `target` defines itself is kept. So anything the fast reads do not cover behaves exactly as on a
 * real `Headers` / `Request`.
 */
function delegateAll(target: object, source: object, real: (self: object) => object): void {
  for (const key of Reflect.ownKeys(source)) {
    if (key === 'constructor' || Object.prototype.hasOwnProperty.call(target, key)) continue
    const descriptor = Object.getOwnPropertyDescriptor(source, key)!
    if (typeof descriptor.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown
      Object.defineProperty(target, key, {
        configurable: true,
        writable: true,
        value(this: object, ...args: unknown[]) {
          return method.apply(real(this), args)
        },
      })
    } else if (descriptor.get) {
      // Called with the real object as `this` below.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const getter = descriptor.get as (this: object) => unknown
      Object.defineProperty(target, key, {
        configurable: true,
        get(this: object): unknown {
          return getter.call(real(this))
        },
      })
    }
  }
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
})
delegateAll(requestPrototype, Request.prototype, (self) => materialRequest(self as LazyRequestState))

function materialRequest(state: LazyRequestState): Request {
  let request = state[realRequest]
  if (request === undefined) {
    const { url, method, headers } = state[fields]
    request = new Request(url, { method, headers: materialHeaders(headers) })
    state[realRequest] = request
  }
  return request
}

/**
 * A bodiless web `Request` (`GET` or `HEAD`) over a `node:http` request's URL, method and headers, that is a real
 * `Request` to its readers (`instanceof Request`, every member) but builds one, with its `Headers` and
 * `AbortSignal`, only when something other than `url`, `method`, `headers.get` or `headers.has` is read. The
 * session check reads only those, so it costs no `Request` at all; what it reads is what the built one would give.
 * Only for requests the core alone reads: undici's `new Request(lazy)` and `fetch(lazy)` read its internal state
 * and refuse it.
 */
export function lazyRequest(url: string, method: 'GET' | 'HEAD', nodeHeaders: IncomingHttpHeaders): Request {
  const headers = Object.create(headersPrototype) as LazyHeadersState
  headers[source] = nodeHeaders
  headers[realHeaders] = undefined
  const request = Object.create(requestPrototype) as LazyRequestState
  request[fields] = { url, method, headers }
  request[realRequest] = undefined
  return request as unknown as Request
}
