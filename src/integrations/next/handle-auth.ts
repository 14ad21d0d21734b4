import { NextRequest, NextResponse, type NextFetchEvent } from 'next/server.js'
import { runtimeEnv } from './runtime-env.js'
import { createLogger } from '../../lib/logger.js'
import type { Session } from '../../types.js'
import type { BoundConfig } from './next-auth-config.js'
import { readSession } from './read-session.js'

/** A `NextRequest` with the session of its sender (`req.auth`), as wrapped middleware and route handlers get it. */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null
}

/** Middleware or a route handler wrapped by `auth(fn)`. */
export type AuthWrappedHandler = (
  request: NextAuthRequest,
  context: NextFetchEvent | { params: Promise<Record<string, string | string[] | undefined>> } | undefined,
) => unknown

type Verdict = 'allow' | 'deny' | Response

/** Runs `callbacks.authorized`; a throw denies (fail closed) and is logged. */
async function decide(bound: BoundConfig, request: NextRequest, auth: Session | null): Promise<Verdict> {
  if (!bound.authorized) return 'allow'
  try {
    const verdict = await bound.authorized({ request, auth })
    if (verdict instanceof Response) return verdict
    return verdict === false ? 'deny' : 'allow'
  } catch (error) {
    createLogger(bound.config.logger, bound.config.debug === true).error(
      new Error('callbacks.authorized threw; the request is denied', { cause: error }),
    )
    return 'deny'
  }
}

/**
 * Gatehouse's own endpoints and pages (under `basePath`) always pass: a visitor must be able to reach the sign-in
 * page and the callbacks, whatever `authorized` says and whatever the middleware matcher covers.
 */
function isAuthEndpoint(bound: BoundConfig, pathname: string): boolean {
  const base = bound.config.basePath ?? '/api/auth'
  return pathname === base || pathname.startsWith(`${base}/`)
}

/** The same-origin URL a verdict sends the browser to, if it is a redirect there. */
function redirectTarget(verdict: Verdict, request: NextRequest, bound: BoundConfig): URL | undefined {
  if (verdict === 'allow') return undefined
  if (verdict === 'deny') {
    const signIn = bound.config.pages?.signIn ?? `${bound.config.basePath}/signin`
    const url = new URL(signIn, request.nextUrl.origin)
    url.searchParams.set('callbackUrl', request.nextUrl.href)
    return url
  }
  const location = verdict.headers.get('Location')
  if (!location || verdict.status < 300 || verdict.status >= 400) return undefined
  try {
    return new URL(location, request.nextUrl.origin)
  } catch {
    return undefined
  }
}

/**
 * Whether following `target` would loop: the target is the requested page itself, or the same rule, asked about
 * the target with the same session, sends it back to the target or to the requested page (a sign-in page that
 * `authorized` protects).
 */
async function loops(bound: BoundConfig, request: NextRequest, target: URL, auth: Session | null) {
  if (target.origin !== request.nextUrl.origin || isAuthEndpoint(bound, target.pathname)) return false
  if (target.pathname === request.nextUrl.pathname) return true
  const probe = new NextRequest(target, { headers: request.headers })
  const again = await decide(bound, probe, auth)
  const next = redirectTarget(again, probe, bound)
  return (
    next !== undefined &&
    next.origin === target.origin &&
    (next.pathname === target.pathname || next.pathname === request.nextUrl.pathname)
  )
}

function loopAnswer(bound: BoundConfig, request: NextRequest, target: URL): Response {
  const message =
    `callbacks.authorized sends ${request.nextUrl.pathname} to ${target.pathname}, which it denies too: ` +
    'the browser would loop. Allow that page in `authorized` or leave it out of the middleware matcher.'
  createLogger(bound.config.logger, bound.config.debug === true).error(
    Object.assign(new Error(message), { code: 'authorized_redirect_loop' }),
  )
  return new Response(`Gatehouse: ${message}\n`, {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/**
 * The request as the public address sees it: with `AUTH_URL` / `NEXTAUTH_URL` set, its origin replaces the one Next
 * reports (the listen address behind a proxy), so `callbackUrl` and redirects name the public host (as next-auth).
 */
function withEnvOrigin(request: NextRequest): NextRequest {
  const url = runtimeEnv('AUTH_URL') || runtimeEnv('NEXTAUTH_URL')
  if (!url) return request
  try {
    const origin = new URL(url).origin
    if (origin === request.nextUrl.origin) return request
    return new NextRequest(request.nextUrl.href.replace(request.nextUrl.origin, origin), request)
  } catch {
    return request
  }
}

/** Adds `Set-Cookie` values to a response, copying it when its headers are immutable (`Response.redirect`). */
export function withCookies(response: Response, setCookies: readonly string[]): Response {
  if (setCookies.length === 0) return response
  try {
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie)
    return response
  } catch {
    const copy = new Response(response.body, response)
    for (const cookie of setCookies) copy.headers.append('Set-Cookie', cookie)
    return copy
  }
}

/**
 * The middleware / wrapped-handler path: reads the session (re-issued cookies included), asks `authorized`, then
 * answers. `false` denies whether or not a handler is wrapped (next-auth ignores it when one is): the handler is
 * not called and the browser goes to the sign-in page. Every answer carries the session's `Set-Cookie`.
 */
export async function handleAuth(
  bound: BoundConfig,
  incoming: NextRequest,
  context: Parameters<AuthWrappedHandler>[1],
  handler?: AuthWrappedHandler,
): Promise<Response> {
  const request = withEnvOrigin(incoming)
  const { session, setCookies } = await readSession(bound, request.headers, request.nextUrl.protocol)
  const verdict = isAuthEndpoint(bound, request.nextUrl.pathname)
    ? 'allow'
    : await decide(bound, request, session)
  let response: Response
  if (verdict === 'allow') {
    if (handler) {
      const augmented = request as NextAuthRequest
      augmented.auth = session
      const answer = await handler(augmented, context)
      response = answer instanceof Response ? answer : NextResponse.next()
    } else {
      response = NextResponse.next()
    }
  } else {
    const target = redirectTarget(verdict, request, bound)
    if (target && (await loops(bound, request, target, session))) {
      response = loopAnswer(bound, request, target)
    } else if (verdict === 'deny') {
      response = NextResponse.redirect(target!)
    } else {
      response = verdict
    }
  }
  return withCookies(response, setCookies)
}
