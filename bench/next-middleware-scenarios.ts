/**
 * Scenario (m): a session check through `auth` used as Next.js middleware, in process: a `NextRequest` for a
 * protected page with a valid session cookie in, `callbacks.authorized` passes it, `NextResponse.next()` out.
 * Gatehouse's `gatehouse/next` against next-auth 5.0.0-beta.32 on the very same token (younger than `updateAge`).
 *
 * @module
 */
import NextAuthJs from 'next-auth'
import Authjs from 'next-auth/providers/credentials'
import { NextRequest } from 'next/server.js'
import { NextAuth } from '../src/integrations/next/index.js'
import Credentials from '../src/providers/credentials.js'
import { MAX_AGE, ORIGIN, SECRET, SESSION_COOKIE, UPDATE_AGE, USER, check } from './create-bench-systems.js'
import type { Scenario } from './create-bench-systems.js'
import { freshSessionToken } from './session-scenarios.js'

const silent = { error: () => {}, warn: () => {}, debug: () => {} }
const authorized = ({ auth }: { auth: unknown }) => !!auth

type Middleware = (request: NextRequest) => Promise<Response>

/** Scenario (m). */
export async function nextMiddlewareScenarios(): Promise<Scenario[]> {
  const session = { strategy: 'jwt' as const, maxAge: MAX_AGE, updateAge: UPDATE_AGE }
  const ours = NextAuth({
    providers: [Credentials({ credentials: {}, authorize: () => ({ ...USER }) })],
    secret: SECRET,
    trustHost: true,
    session,
    logger: silent,
    callbacks: { authorized },
  }).auth as unknown as Middleware
  const theirs = NextAuthJs({
    providers: [Authjs({ credentials: {}, authorize: () => ({ ...USER }) })],
    secret: SECRET,
    trustHost: true,
    session,
    logger: silent,
    callbacks: { authorized },
  }).auth as unknown as Middleware
  const token = await freshSessionToken()
  const request = () =>
    // Next's server sets X-Forwarded-Proto; next-auth assumes https (and __Secure- cookie names) without it.
    new NextRequest(`${ORIGIN}/dashboard`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-forwarded-proto': 'http' },
    })
  const run = (middleware: Middleware) => async () => {
    const response = await middleware(request())
    if (response.headers.get('x-middleware-next') !== '1')
      throw new Error('middleware did not pass the request')
  }
  return [
    {
      title: '(m) Next.js middleware: auth(NextRequest), valid JWT, authorized',
      target: 15,
      gatehouse: run(ours),
      anchor: run(theirs),
      async verify() {
        for (const [name, middleware] of [
          ['gatehouse/next', ours],
          ['next-auth', theirs],
        ] as const) {
          const passed = await middleware(request())
          check(
            passed.headers.get('x-middleware-next') === '1',
            `${name}: a signed-in request was not passed`,
          )
          const denied = await middleware(
            new NextRequest(`${ORIGIN}/dashboard`, { headers: { 'x-forwarded-proto': 'http' } }),
          )
          check(denied.status === 307, `${name}: a signed-out request was not redirected`)
        }
      },
    },
  ]
}
