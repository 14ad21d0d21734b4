import { NextRequest, NextResponse, type NextFetchEvent } from 'next/server.js'
import type { GuardRule } from '../../guard/guard-rule.js'
import type { Session } from '../../types.js'
import type { BoundConfig } from './next-auth-config.js'
import { asSession, sessionOrigin } from './read-session.js'

/** A `NextRequest` with the session of its sender (`req.auth`), as wrapped middleware and route handlers get it. */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null
}

/** Middleware or a route handler wrapped by `auth(fn)`. */
export type AuthWrappedHandler = (
  request: NextAuthRequest,
  context: NextFetchEvent | { params: Promise<Record<string, string | string[] | undefined>> } | undefined,
) => unknown

/**
 * The request as the public address sees it: with `AUTH_URL` / `NEXTAUTH_URL` set, its origin replaces the one Next
 * reports (the listen address behind a proxy), so `callbackUrl` and redirects name the public host (as next-auth).
 */
function withEnvOrigin(request: NextRequest, origin: string | undefined): NextRequest {
  if (!origin || origin === request.nextUrl.origin) return request
  return new NextRequest(request.nextUrl.href.replace(request.nextUrl.origin, origin), request)
}

/**
 * next-auth's middleware rule for the core's guard: `callbacks.authorized({ request, auth })` decides (every request
 * passes without one), `false` redirects to the sign-in page, and Gatehouse's own endpoints and pages always pass,
 * so a visitor can reach the sign-in page and the callbacks whatever the matcher covers.
 */
function middlewareRule(bound: BoundConfig, request: NextRequest): GuardRule {
  const { authorized } = bound
  return {
    authorized: authorized
      ? ({ auth, url }) =>
          authorized({
            // The rule is asked about another page only to find a redirect loop: a request for that page.
            request:
              url.href === request.nextUrl.href
                ? request
                : new NextRequest(url, { headers: request.headers }),
            auth: asSession(auth),
          })
      : allowAll,
    deny: 'redirect',
    signInPage: bound.config.pages?.signIn ?? `${bound.config.basePath}/signin`,
    passAuthRoutes: true,
  }
}

const allowAll = () => true

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
 * The middleware / wrapped-handler path: the core's guard reads the session (re-issued cookies included) and asks
 * `authorized`; this answers. `false` denies whether or not a handler is wrapped (next-auth ignores it when one is):
 * the handler is not called and the browser goes to the sign-in page. Every answer carries the session's
 * `Set-Cookie`.
 */
export async function handleAuth(
  bound: BoundConfig,
  incoming: NextRequest,
  context: Parameters<AuthWrappedHandler>[1],
  handler?: AuthWrappedHandler,
): Promise<Response> {
  const request = withEnvOrigin(incoming, bound.envOrigin)
  const origin = sessionOrigin(bound, request.headers, request.nextUrl.protocol)
  const result = await bound.instance.guard(
    {
      origin: origin ?? request.nextUrl.origin,
      // A request whose public origin cannot be told reads no session, as before.
      cookie: origin === undefined ? undefined : request.headers.get('cookie'),
      url: request.nextUrl.href,
      accept: request.headers.get('accept'),
    },
    middlewareRule(bound, request),
  )
  let response: Response
  if (result.pass) {
    if (handler) {
      const augmented = request as NextAuthRequest
      augmented.auth = asSession(result.session)
      const answer = await handler(augmented, context)
      response = answer instanceof Response ? answer : NextResponse.next()
    } else {
      response = NextResponse.next()
    }
  } else {
    const { answer } = result
    response =
      answer.kind === 'redirect'
        ? NextResponse.redirect(answer.location)
        : answer.kind === 'response'
          ? answer.response
          : NextResponse.json(answer.body, { status: 401 })
  }
  return withCookies(response, result.setCookie)
}
