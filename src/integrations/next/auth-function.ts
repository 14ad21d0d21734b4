import { cookies, headers as nextHeaders } from 'next/headers.js'
import { NextRequest } from 'next/server.js'
import type { Session } from '../../types.js'
import { handleAuth, type AuthWrappedHandler } from './handle-auth.js'
import { cookiesWritable } from './cookies-writable.js'
import { configFor, withBound, type NextBinding } from './next-auth-config.js'
import { parseSetCookie } from './parse-set-cookie.js'
import { readSession } from './read-session.js'

/** A Pages Router request (`NextApiRequest`, `IncomingMessage`): only its headers are read. */
interface PagesRequest {
  headers: Record<string, string | string[] | undefined>
}
/** A Pages Router response (`NextApiResponse`, `ServerResponse`) or anything with web `Headers`. */
type PagesResponse =
  | { appendHeader(name: string, value: string | string[]): unknown }
  | { setHeader(name: string, value: string | string[]): unknown; getHeader(name: string): unknown }
  | { headers: Headers }

/** The overloads of `auth`. */
export interface AuthFunction {
  /** In server components, server actions and route handlers: the session, or `null`. */
  (): Promise<Session | null>
  /** As middleware (`export { auth as middleware }`, or `proxy` on Next 16). */
  (request: NextRequest | Request, context?: unknown): Promise<Response>
  /** Wraps middleware or a route handler; it gets `req.auth`. */
  <H extends AuthWrappedHandler>(handler: H): (request: NextRequest, context?: unknown) => Promise<Response>
  /** Pages Router API routes: the session; re-issued cookies are set on `res`. */
  (req: PagesRequest, res: PagesResponse): Promise<Session | null>
  /** `getServerSideProps`: the session; re-issued cookies are set on `context.res`. */
  (context: { req: PagesRequest; res: PagesResponse }): Promise<Session | null>
}

function webHeaders(source: PagesRequest['headers']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(source)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) headers.set(name, value.join(name === 'cookie' ? '; ' : ', '))
  }
  return headers
}

function appendSetCookies(res: PagesResponse, setCookies: readonly string[]): void {
  if (setCookies.length === 0) return
  if ('headers' in res && res.headers instanceof Headers) {
    for (const cookie of setCookies) res.headers.append('Set-Cookie', cookie)
  } else if ('appendHeader' in res && typeof res.appendHeader === 'function') {
    res.appendHeader('Set-Cookie', [...setCookies])
  } else if ('setHeader' in res) {
    const previous = res.getHeader('Set-Cookie')
    const kept = Array.isArray(previous)
      ? previous.filter((v): v is string => typeof v === 'string')
      : typeof previous === 'string'
        ? [previous]
        : []
    res.setHeader('Set-Cookie', [...kept, ...setCookies])
  }
}

/**
 * The request as a `NextRequest`. The one Next hands to `proxy.ts` (or a route) is used as it is, also when it was
 * made by another copy of `next/server` than ours: the bundler gives the proxy its own copy, so `instanceof` fails
 * there, and copying would build a second `Request` (headers, body, abort signal) on every request. A plain
 * `Request` (a test, another framework) is wrapped.
 */
function toNextRequest(request: Request): NextRequest {
  return request instanceof NextRequest || isNextRequest(request)
    ? (request as NextRequest)
    : new NextRequest(request)
}

/** Whether a `Request` has what Gatehouse reads of a `NextRequest`: `nextUrl` (a parsed URL) and `cookies`. */
function isNextRequest(request: Request): boolean {
  const { nextUrl, cookies } = request as Partial<NextRequest>
  return (
    typeof nextUrl === 'object' &&
    nextUrl !== null &&
    typeof nextUrl.href === 'string' &&
    typeof nextUrl.origin === 'string' &&
    typeof nextUrl.protocol === 'string' &&
    typeof cookies?.get === 'function'
  )
}

/**
 * No arguments: the session from `headers()`. In server actions and route handlers a session due for re-issue is
 * re-issued and its cookie written through `cookies()`; in server components, which cannot write cookies, the
 * session is only read (no re-encryption, no database expiry update): the middleware or proxy, `/session` and the
 * contexts that can write keep it alive.
 */
async function sessionFromHeaders(binding: NextBinding): Promise<Session | null> {
  try {
    const bound = await configFor(binding, undefined)
    const reissue = cookiesWritable()
    const { session, setCookies } = await readSession(bound, new Headers(await nextHeaders()), undefined, {
      reissue,
    })
    if (reissue && setCookies.length) await writeSetCookies(setCookies)
    return session
  } catch {
    return null
  }
}

/**
 * Passes re-issued session cookies on through `cookies()` (server actions and route handlers). A failed write is
 * ignored: the session itself is unaffected.
 */
async function writeSetCookies(setCookies: readonly string[]): Promise<void> {
  try {
    const jar = await cookies()
    for (const line of setCookies) {
      const cookie = parseSetCookie(line)
      if (cookie) jar.set(cookie.name, cookie.value, cookie.options)
    }
  } catch {
    // Next forbids the write after all (a phase change): the cookie stays as it was, still valid.
  }
}

/** Builds `auth` for a configuration input. */
export function createAuthFunction(binding: NextBinding): AuthFunction {
  function auth(...args: unknown[]): unknown {
    if (args.length === 0) return sessionFromHeaders(binding)
    const [first, second] = args
    if (first instanceof Request) {
      const request = toNextRequest(first)
      return withBound(binding, request, (bound) => handleAuth(bound, request, second as never))
    }
    if (typeof first === 'function') {
      const handler = first as AuthWrappedHandler
      return (request: Request, context?: unknown) => {
        let next: NextRequest
        try {
          next = toNextRequest(request)
        } catch (error) {
          // As from an async function: a request Next's class refuses is a rejection, not a throw.
          return Promise.reject(error instanceof Error ? error : new Error(String(error)))
        }
        return withBound(binding, next, (bound) => handleAuth(bound, next, context as never, handler))
      }
    }
    const ctx = first as { req?: PagesRequest; res?: PagesResponse } & PagesRequest
    const req = ctx.req ?? ctx
    const res = ctx.res ?? (second as PagesResponse | undefined)
    return (async () => {
      try {
        const bound = await configFor(binding, undefined)
        const { session, setCookies } = await readSession(bound, webHeaders(req.headers ?? {}), 'http')
        if (res) appendSetCookies(res, setCookies)
        return session
      } catch {
        return null
      }
    })()
  }
  return auth as AuthFunction
}
