/**
 * The negative cases every framework wrapper passes (test/support/framework-negative-suite.ts), on `gatehouse-auth/next`
 * as Next.js calls it in process, with Next's own `NextRequest`: the route handlers under `/api/auth`, guarded by
 * `auth` as middleware (`authorized`, redirecting to sign-in) and by `auth` wrapping a route handler (401).
 */
import { describe, expect, test } from 'vitest'
import { NextRequest } from 'next/server.js'
import { NextAuth, type NextAuthConfig } from '../../src/integrations/next/index.js'
import { SECRET, aliceCredentials, recordingLogger } from '../http/http-helpers.js'
import { frameworkNegativeSuite, type AppFetch } from '../support/framework-negative-suite.js'

const ORIGIN = 'http://app.test'

/** `baseConfig` of the HTTP suites, typed for Next (whose callbacks add `authorized`). */
const config = (extra: Partial<NextAuthConfig> = {}): NextAuthConfig => ({
  providers: [aliceCredentials()],
  secret: SECRET,
  trustHost: true,
  logger: recordingLogger(),
  ...extra,
})

const { handlers, auth } = NextAuth(config({ callbacks: { authorized: ({ auth }) => !!auth } }))
const wrapped = NextAuth(config())
const apiMe = wrapped.auth((request) =>
  request.auth
    ? Response.json({ name: request.auth.user?.name })
    : Response.json({ message: 'Not authenticated' }, { status: 401 }),
)

/** Next's routing for this app: the auth endpoints, `/dashboard` behind the middleware, `/api/me` wrapped. */
const app: AppFetch = async (url, init) => {
  const request = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1])
  const { pathname } = request.nextUrl
  if (pathname.startsWith('/api/auth/')) {
    return request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)
  }
  if (pathname === '/dashboard') return auth(request)
  if (pathname === '/api/me') return apiMe(request, { params: Promise.resolve({}) })
  return new Response('Not found', { status: 404 })
}

frameworkNegativeSuite('gatehouse-auth/next: route handlers, auth as middleware', () => ({
  origin: ORIGIN,
  fetch: app,
  basePath: '/api/auth',
  protectedPath: '/dashboard',
  refusedStatus: 307,
}))

frameworkNegativeSuite('gatehouse-auth/next: route handlers, auth wrapping a route handler', () => ({
  origin: ORIGIN,
  fetch: app,
  basePath: '/api/auth',
  protectedPath: '/api/me',
  refusedStatus: 401,
}))

describe('a configuration that cannot be bound', () => {
  // The route handlers and `auth` bind an object configuration without a promise of their own; a failure there must
  // still come out as the returned promise's rejection, never as a throw into Next's caller.
  const broken = NextAuth(null as unknown as NextAuthConfig)
  const request = () => new NextRequest(`${ORIGIN}/api/auth/session`)

  test('the route handlers reject instead of throwing', async () => {
    let get: Promise<Response> | undefined
    let post: Promise<Response> | undefined
    expect(() => (get = broken.handlers.GET(request()))).not.toThrow()
    expect(() => (post = broken.handlers.POST(request()))).not.toThrow()
    await expect(get).rejects.toBeInstanceOf(TypeError)
    await expect(post).rejects.toBeInstanceOf(TypeError)
  })

  test('auth as middleware and auth wrapping a handler reject instead of throwing', async () => {
    let direct: Promise<Response> | undefined
    let wrappedCall: Promise<Response> | undefined
    const handler = broken.auth(() => Response.json({}))
    expect(() => (direct = broken.auth(request()))).not.toThrow()
    expect(() => (wrappedCall = handler(request()))).not.toThrow()
    await expect(direct).rejects.toBeInstanceOf(TypeError)
    await expect(wrappedCall).rejects.toBeInstanceOf(TypeError)
  })
})
