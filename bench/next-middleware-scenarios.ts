/**
 * Scenario (n): a session check through `auth` used as Next.js middleware, a `NextRequest` for a protected page in,
 * in-process: Gatehouse's `gatehouse-auth/next` against next-auth 5.0.0-beta.32 on the very same token (Auth.js's own
 * `encode`), both with an `authorized` callback that lets a signed-in request through. The anchor column of this
 * row is next-auth, not @auth/core.
 *
 * @module
 */
import NextAuthAnchor from 'next-auth'
import AnchorCredentials from 'next-auth/providers/credentials'
import { NextRequest } from 'next/server.js'
import { NextAuth } from '../src/integrations/next/index.js'
import Credentials from '../src/providers/credentials.js'
import { ORIGIN, SECRET, SESSION_COOKIE, USER, check } from './create-bench-systems.js'
import type { Scenario } from './create-bench-systems.js'
import { freshSessionToken } from './session-scenarios.js'

type Middleware = (request: NextRequest, context: unknown) => Promise<Response | undefined>

const silent = { error: () => {}, warn: () => {}, debug: () => {} }
const authorized = ({ auth }: { auth: unknown }) => auth !== null && auth !== undefined

/** The headers Next's server gives a middleware request on plain HTTP (both libraries build URLs from them). */
const serverHeaders = {
  host: 'localhost:3000',
  'x-forwarded-host': 'localhost:3000',
  'x-forwarded-proto': 'http',
}

function protectedPage(token?: string): NextRequest {
  const cookie = token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` }
  return new NextRequest(`${ORIGIN}/dashboard`, { headers: { ...serverHeaders, ...cookie } })
}

/** Passed on (`NextResponse.next()`): no redirect, and Next's marker header. */
function passedOn(response: Response | undefined): boolean {
  return (
    response !== undefined &&
    response.headers.get('x-middleware-next') === '1' &&
    !response.headers.has('location')
  )
}

function run(middleware: Middleware, name: string, token: string): () => Promise<void> {
  return async () => {
    const response = await middleware(protectedPage(token), {})
    if (!passedOn(response)) throw new Error(`${name}: the signed-in request was not passed on`)
  }
}

/** Scenario (n). */
export async function nextMiddlewareScenarios(): Promise<Scenario[]> {
  const token = await freshSessionToken()
  const ours = NextAuth({
    secret: SECRET,
    trustHost: true,
    logger: silent,
    providers: [Credentials({ authorize: () => ({ ...USER }) })],
    callbacks: { authorized },
  }).auth as unknown as Middleware
  const theirs = NextAuthAnchor({
    secret: SECRET,
    trustHost: true,
    logger: silent,
    providers: [AnchorCredentials({ authorize: () => ({ ...USER }) })],
    callbacks: { authorized },
  }).auth as unknown as Middleware
  const gatehouse = run(ours, 'gatehouse-auth/next', token)
  const anchor = run(theirs, 'next-auth', token)
  return [
    {
      title: '(n) Next.js middleware: auth(NextRequest), signed in, vs next-auth 5.0.0-beta.32',
      target: 15,
      gatehouse,
      anchor,
      async verify() {
        await gatehouse()
        await anchor()
        // And both refuse a visitor without a session, so the signed-in path is what is timed.
        for (const [name, middleware] of [
          ['gatehouse-auth/next', ours],
          ['next-auth', theirs],
        ] as const) {
          const response = await middleware(protectedPage(), {})
          check(
            response?.headers.get('location')?.includes('/signin') === true,
            `${name} let a signed-out visitor in`,
          )
        }
      },
    },
  ]
}
