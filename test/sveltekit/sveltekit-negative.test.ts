/**
 * The negative cases every framework wrapper passes (test/support/framework-negative-suite.ts), on
 * `gatehouse-auth/sveltekit` as kit runs it (test/sveltekit/kit-app.ts: kit's cookie jar and control flow): the
 * endpoints answered by `handle`, and a page whose `load` redirects to sign-in when `locals.auth()` is `null`.
 */
import { isRedirect, redirect, type RequestEvent } from '@sveltejs/kit'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import { baseConfig } from '../http/http-helpers.js'
import { frameworkNegativeSuite, type AppFetch } from '../support/framework-negative-suite.js'
import { kitRequest, type Route } from './kit-app.js'

const ORIGIN = 'http://app.test'
const { handle } = SvelteKitAuth(baseConfig())

/** A page's server `load` guarding on `locals.auth()`, answered as kit answers its `redirect()`. */
async function guardedPage(event: RequestEvent): Promise<Response> {
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

const routes: Record<string, Route> = { 'GET /dashboard': guardedPage }

const app: AppFetch = async (url, init) => {
  const headers = new Headers(init.headers)
  headers.set('host', new URL(ORIGIN).host)
  return (await kitRequest(handle, routes, new Request(url, { ...init, headers }))).response
}

frameworkNegativeSuite('gatehouse-auth/sveltekit: handle, a page guarded by locals.auth()', () => ({
  origin: ORIGIN,
  fetch: app,
  protectedPath: '/dashboard',
  refusedStatus: 303,
}))
