/**
 * Next.js and SvelteKit in process, as the frameworks call them: `auth()` as middleware (with `authorized`) and
 * `locals.auth()` see a user whose second factor is pending as signed out; the code completes the sign-in.
 */
import { isRedirect, redirect, type RequestEvent } from '@sveltejs/kit'
import { NextRequest } from 'next/server.js'
import { describe, expect, it } from 'vitest'
import { NextAuth } from '../../src/integrations/next/index.js'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import { formAction, kitRequest } from '../sveltekit/kit-app.js'
import { CookieJar } from '../support/cookie-jar.js'
import { stepAt, totpCode } from '../support/rfc6238.js'
import { enrolledConfig, pendingThenCode, TOTP, type AppFetch } from './integration-case.js'

describe('Next.js', () => {
  it('auth() as middleware (authorized) and wrapping a route see the pending user signed out', async () => {
    const config = await enrolledConfig()
    const { handlers, auth } = NextAuth({ ...config, callbacks: { authorized: ({ auth }) => !!auth } })
    const app: AppFetch = async (url, init) => {
      const request = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1])
      if (request.nextUrl.pathname.startsWith('/api/auth/'))
        return request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)
      // The middleware lets a request on with no answer of its own: Next then renders the page (200).
      return (await auth(request)) ?? new Response('page')
    }
    await pendingThenCode(app, 'http://app.test', '/api/auth', '/dashboard', 307)
  })
})

describe('SvelteKit', () => {
  it('locals.auth() is null for the pending user; the code completes the sign-in', async () => {
    const { handle } = SvelteKitAuth(await enrolledConfig())
    async function page(event: RequestEvent): Promise<Response> {
      try {
        const session = await (event.locals as SvelteKitAuthLocals).auth()
        if (!session) redirect(303, '/auth/signin')
        return Response.json({ name: session.user?.name })
      } catch (thrown) {
        if (isRedirect(thrown))
          return new Response(null, { status: thrown.status, headers: { location: thrown.location } })
        throw thrown
      }
    }
    const app: AppFetch = async (url, init) => {
      const headers = new Headers(init?.headers)
      headers.set('host', 'app.test')
      return (await kitRequest(handle, { 'GET /dashboard': page }, new Request(url, { ...init, headers })))
        .response
    }
    await pendingThenCode(app, 'http://app.test', '/auth', '/dashboard', 303)
  })
})

describe('SvelteKit form actions', () => {
  it('signIn stops at the challenge; the verifyTwoFactor action refuses a wrong code, then issues the session', async () => {
    const { handle, signIn, verifyTwoFactor } = SvelteKitAuth(await enrolledConfig())
    const routes = { 'POST /login': formAction(signIn), 'POST /verify': formAction(verifyTwoFactor) }
    const jar = new CookieJar()
    async function postForm(path: string, fields: Record<string, string>) {
      const body = new FormData()
      for (const [key, value] of Object.entries(fields)) body.set(key, value)
      const headers = new Headers({ origin: 'http://app.test', host: 'app.test' })
      if (jar.header()) headers.set('cookie', jar.header())
      const { response } = await kitRequest(
        handle,
        routes,
        new Request(`http://app.test${path}`, { method: 'POST', headers, body }),
      )
      jar.take(response)
      return response
    }
    const held = await postForm('/login', {
      providerId: 'pw',
      email: 'alice@example.test',
      password: 'secret',
      redirectTo: '/dashboard',
    })
    expect(held.headers.get('location')).toBe('http://app.test/auth/two-factor')
    expect(jar.get('gatehouse.pending-sign-in')).toBeDefined()
    expect(jar.get('authjs.session-token')).toBeUndefined()
    const wrong = await postForm('/verify', { code: '000000' })
    expect(wrong.headers.get('location')).toBe('http://app.test/auth/two-factor?error=invalid')
    expect(jar.get('authjs.session-token')).toBeUndefined()
    const right = await postForm('/verify', { code: totpCode(TOTP, stepAt()) })
    expect(right.headers.get('location')).toBe('http://app.test/dashboard')
    expect(jar.get('authjs.session-token')).toBeDefined()
  })
})
