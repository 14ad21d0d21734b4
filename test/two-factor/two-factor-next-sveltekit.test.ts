/**
 * Next.js and SvelteKit in process, as the frameworks call them: `auth()` as middleware (with `authorized`) and
 * `locals.auth()` see a user whose second factor is pending as signed out; the code completes the sign-in.
 */
import { isRedirect, redirect, type RequestEvent } from '@sveltejs/kit'
import { NextRequest } from 'next/server.js'
import { describe, it } from 'vitest'
import { NextAuth } from '../../src/integrations/next/index.js'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import { kitRequest } from '../sveltekit/kit-app.js'
import { enrolledConfig, pendingThenCode, type AppFetch } from './integration-case.js'

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
