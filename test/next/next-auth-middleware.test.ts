/**
 * `gatehouse-auth/next` called as Next.js calls it, with Next's own `NextRequest` / `NextResponse`: the route handlers,
 * `auth` as middleware (or Next 16's proxy), wrapping a route handler (with a route context), and the Pages Router.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { NextRequest } from 'next/server.js'
import { describe, expect, test, vi } from 'vitest'
import { NextAuth } from '../../src/integrations/next/index.js'
import { encode } from '../../src/jwt/index.js'
import {
  ORIGIN,
  SECRET,
  ada,
  cookiePairs,
  credentialsConfig,
  signInThroughHandlers,
} from './next-fixtures.js'

const protectAll = credentialsConfig({ callbacks: { authorized: ({ auth }) => !!auth } })

function page(path: string, cookie?: string): NextRequest {
  return new NextRequest(`${ORIGIN}${path}`, cookie ? { headers: { cookie } } : {})
}

describe('route handlers', () => {
  test('answer under /api/auth by default: providers, csrf, and a credentials sign-in', async () => {
    const { handlers } = NextAuth(credentialsConfig())
    const providers = await handlers.GET(page('/api/auth/providers'))
    expect(await providers.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/api/auth/callback/credentials` },
    })
    expect(await signInThroughHandlers(handlers)).toMatch(/^authjs\.session-token=/)
  })
})

describe('auth as middleware', () => {
  test('a signed-in request passes (NextResponse.next) and the session reaches authorized', async () => {
    const authorized = vi.fn(({ auth }: { auth: unknown; request: NextRequest }) => !!auth)
    const { handlers, auth } = NextAuth(credentialsConfig({ callbacks: { authorized } }))
    const cookie = await signInThroughHandlers(handlers)
    const response = await auth(page('/dashboard', cookie))
    expect(response.headers.get('x-middleware-next')).toBe('1')
    expect(authorized.mock.calls[0]![0]).toMatchObject({
      auth: { user: { name: ada.name, email: ada.email } },
    })
    expect(authorized.mock.calls[0]![0].request).toBeInstanceOf(NextRequest)
  })

  test('signed out: authorized false redirects to the sign-in page with the requested URL as callbackUrl', async () => {
    const { auth } = NextAuth(protectAll)
    const response = await auth(page('/dashboard?tab=2'))
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get('location')!)
    expect(location.pathname).toBe('/api/auth/signin')
    expect(location.searchParams.get('callbackUrl')).toBe(`${ORIGIN}/dashboard?tab=2`)
  })

  test('requests to the auth endpoints always pass, even when authorized denies everything', async () => {
    const authorized = vi.fn(() => false)
    const { auth } = NextAuth(credentialsConfig({ callbacks: { authorized } }))
    const response = await auth(page('/api/auth/signin'))
    expect(response.headers.get('x-middleware-next')).toBe('1')
    expect(authorized).not.toHaveBeenCalled()
  })

  test('a tampered session cookie sends to sign-in', async () => {
    const { handlers, auth } = NextAuth(protectAll)
    const cookie = await signInThroughHandlers(handlers)
    const tampered = cookie.slice(0, -6) + (cookie.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA')
    const response = await auth(page('/dashboard', tampered))
    expect(response.status).toBe(307)
    expect(new URL(response.headers.get('location')!).pathname).toBe('/api/auth/signin')
  })

  test('an expired session cookie sends to sign-in', async () => {
    const { auth } = NextAuth(protectAll)
    const expired = await encode({
      token: { name: ada.name, email: ada.email, sub: 'ada-1' },
      secret: SECRET,
      salt: 'authjs.session-token',
      maxAge: -60,
    })
    const response = await auth(page('/dashboard', `authjs.session-token=${expired}`))
    expect(response.status).toBe(307)
    expect(new URL(response.headers.get('location')!).pathname).toBe('/api/auth/signin')
  })

  test('an authorized callback that throws denies', async () => {
    const error = vi.fn()
    const { handlers, auth } = NextAuth(
      credentialsConfig({
        logger: { error, warn: () => {} },
        callbacks: {
          authorized: () => {
            throw new Error('database of roles is down')
          },
        },
      }),
    )
    const cookie = await signInThroughHandlers(handlers)
    const response = await auth(page('/dashboard', cookie))
    expect(response.status).toBe(307)
    expect(new URL(response.headers.get('location')!).pathname).toBe('/api/auth/signin')
    expect(String(error.mock.calls[0]![0])).toMatch(/authorized threw/)
  })

  test('a Response from authorized is the answer', async () => {
    const { auth } = NextAuth(
      credentialsConfig({ callbacks: { authorized: () => Response.json({ nope: true }, { status: 403 }) } }),
    )
    const response = await auth(page('/admin'))
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ nope: true })
  })

  test('redirect-loop guard: a sign-in page that the same rule denies answers 500 with the reason, not a loop', async () => {
    const error = vi.fn()
    const { auth } = NextAuth(
      credentialsConfig({
        pages: { signIn: '/login' },
        logger: { error, warn: () => {} },
        callbacks: { authorized: ({ auth }) => !!auth },
      }),
    )
    const fromPage = await auth(page('/dashboard'))
    expect(fromPage.status).toBe(500)
    expect(await fromPage.text()).toMatch(/\/dashboard to \/login, which it denies too/)
    const onLogin = await auth(page('/login'))
    expect(onLogin.status).toBe(500)
    expect(error).toHaveBeenCalledTimes(2)
    // A rule that lets the sign-in page through redirects normally.
    const fine = NextAuth(
      credentialsConfig({
        pages: { signIn: '/login' },
        callbacks: { authorized: ({ auth, request }) => !!auth || request.nextUrl.pathname === '/login' },
      }),
    )
    const response = await fine.auth(page('/dashboard'))
    expect(response.status).toBe(307)
    expect(new URL(response.headers.get('location')!).pathname).toBe('/login')
  })

  test('a redirect Response back to the requested page is caught by the guard', async () => {
    const { auth } = NextAuth(
      credentialsConfig({
        callbacks: { authorized: ({ request }) => Response.redirect(request.nextUrl.href) },
      }),
    )
    expect((await auth(page('/here'))).status).toBe(500)
  })

  test('a re-issued session cookie (updateAge passed) is set on the response that goes out', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 } }))
    const cookie = await signInThroughHandlers(handlers)
    const response = await auth(page('/dashboard', cookie))
    expect(response.headers.get('x-middleware-next')).toBe('1')
    const reissued = cookiePairs(response).find((c) => c.startsWith('authjs.session-token='))
    expect(reissued).toBeDefined()
    expect(reissued).not.toBe(cookie)
  })

  test('a broken configuration fails closed: no session, the protected page redirects', async () => {
    const { auth } = NextAuth({ ...protectAll, secret: undefined })
    const response = await auth(page('/dashboard', 'authjs.session-token=whatever'))
    expect(response.status).toBe(307)
  })
})

describe('auth wrapping a handler', () => {
  const context = { params: Promise.resolve({}) }

  test('the route handler gets req.auth', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig())
    const cookie = await signInThroughHandlers(handlers)
    const GET = auth((req) => Response.json({ user: req.auth?.user ?? null }))
    const signedIn = await GET(page('/api/me', cookie), context)
    expect(await signedIn.json()).toEqual({ user: { name: ada.name, email: ada.email } })
    const anonymous = await GET(page('/api/me'), context)
    expect(await anonymous.json()).toEqual({ user: null })
  })

  test('authorized false denies even with a wrapped handler (next-auth would call it): the handler does not run', async () => {
    const handler = vi.fn(() => Response.json({ secret: 'data' }))
    const { auth } = NextAuth(protectAll)
    const response = await auth(handler)(page('/api/secret'), context)
    expect(handler).not.toHaveBeenCalled()
    expect(response.status).toBe(307)
    expect(new URL(response.headers.get('location')!).pathname).toBe('/api/auth/signin')
  })

  test("Next's own request reaches the handler as it is, also from another copy of next/server (no copy per request)", async () => {
    const { handlers, auth } = NextAuth(credentialsConfig())
    const cookie = await signInThroughHandlers(handlers)
    const seen: Request[] = []
    const GET = auth((req) => {
      seen.push(req)
      return Response.json({ user: req.auth?.user ?? null })
    })
    // What the bundler hands `proxy.ts`: a NextRequest whose class is not the one `gatehouse-auth/next` imports.
    class ForeignNextRequest extends Request {
      readonly nextUrl = new URL(`${ORIGIN}/api/me`)
      readonly cookies = { get: () => undefined }
    }
    const foreign = new ForeignNextRequest(`${ORIGIN}/api/me`, { headers: { cookie } })
    expect(foreign).not.toBeInstanceOf(NextRequest)
    const own = page('/api/me', cookie)
    for (const request of [foreign, own]) {
      const answer = await GET(request as NextRequest, context)
      expect(await answer.json()).toEqual({ user: { name: ada.name, email: ada.email } })
      expect(seen.pop()).toBe(request)
    }
    // A plain Request has no `nextUrl`: it is wrapped, and the handler gets a NextRequest.
    const plain = new Request(`${ORIGIN}/api/me`, { headers: { cookie } })
    await GET(plain as NextRequest, context)
    const wrapped = seen.pop()!
    expect(wrapped).not.toBe(plain)
    expect(wrapped).toBeInstanceOf(NextRequest)
  })

  test('wrapped middleware that returns nothing passes the request on', async () => {
    const { auth } = NextAuth(credentialsConfig())
    const response = await auth(() => undefined)(page('/x'), undefined)
    expect(response.headers.get('x-middleware-next')).toBe('1')
  })
})

describe('Pages Router: auth(req, res)', () => {
  function nodePair(cookie: string) {
    const req = new IncomingMessage(new Socket())
    req.headers = { host: 'app.test', cookie }
    return { req, res: new ServerResponse(req) }
  }

  test('copies Set-Cookie of a re-issued session onto res, and returns the session', async () => {
    const { handlers, auth } = NextAuth(credentialsConfig({ session: { updateAge: 0 } }))
    const cookie = await signInThroughHandlers(handlers)
    const { req, res } = nodePair(cookie)
    res.setHeader('Set-Cookie', ['theme=dark; Path=/'])
    const session = await auth(req, res)
    expect(session?.user?.name).toBe(ada.name)
    const set = res.getHeader('Set-Cookie') as string[]
    expect(set[0]).toBe('theme=dark; Path=/')
    expect(set.some((c) => c.startsWith('authjs.session-token='))).toBe(true)
  })

  test('getServerSideProps form ({ req, res }) and no session', async () => {
    const { auth } = NextAuth(credentialsConfig())
    const { req, res } = nodePair('')
    expect(await auth({ req, res })).toBeNull()
    expect(res.getHeader('Set-Cookie')).toBeUndefined()
  })
})
