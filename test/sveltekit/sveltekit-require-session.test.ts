/**
 * `locals.requireSession()`: SvelteKit's use of the core's guard, called as kit calls a load or an endpoint
 * (test/sveltekit/kit-app.ts). Signed in, it gives the session; signed out, a page goes to the sign-in page (303,
 * kit's redirect) with `callbackUrl`, an API call gets kit's `error(401)`; the guard's cookies go on either answer.
 */
import { isHttpError, isRedirect, type RequestEvent } from '@sveltejs/kit'
import { describe, expect, it } from 'vitest'
import { encode } from '../../src/jwt/index.js'
import { SvelteKitAuth, type SvelteKitAuthLocals } from '../../src/integrations/sveltekit/index.js'
import type { AuthConfig } from '../../src/types.js'
import { baseConfig, SECRET, SESSION } from '../http/http-helpers.js'
import { kitRequest } from './kit-app.js'

const ORIGIN = 'http://app.test'

/** A kit route that calls `locals.requireSession()` and answers as kit would for what it throws. */
async function guarded(event: RequestEvent): Promise<Response> {
  try {
    const session = await (event.locals as SvelteKitAuthLocals).requireSession()
    return Response.json({ name: session.user?.name })
  } catch (thrown) {
    if (isRedirect(thrown))
      return new Response(null, { status: thrown.status, headers: { location: thrown.location } })
    if (isHttpError(thrown)) return Response.json(thrown.body, { status: thrown.status })
    throw thrown
  }
}

async function send(
  config: AuthConfig,
  path: string,
  headers: Record<string, string> = {},
  dataRequest = false,
) {
  const { handle } = SvelteKitAuth(config)
  const request = new Request(`${ORIGIN}${path}`, { headers: { host: 'app.test', ...headers } })
  const route = async (event: RequestEvent) => {
    // What kit sets for a client-side navigation's `__data.json` request (the event `locals.requireSession` sees).
    if (dataRequest) (event as { isDataRequest: boolean }).isDataRequest = true
    return guarded(event)
  }
  return (await kitRequest(handle, { [`GET ${new URL(path, ORIGIN).pathname}`]: route }, request)).response
}

const signedIn = async () =>
  `${SESSION}=${await encode({ token: { name: 'Alice', sub: 'user-1' }, secret: SECRET, salt: SESSION, maxAge: 3600 })}`

describe('locals.requireSession()', () => {
  it('gives the session of a signed-in request', async () => {
    const res = await send(baseConfig(), '/dashboard', { cookie: await signedIn(), accept: 'text/html' })
    expect(res.status).toBe(200)
    expect(await res.json()).toStrictEqual({ name: 'Alice' })
  })

  it('sends a page (and a load’s data request) to the sign-in page with callbackUrl', async () => {
    const page = await send(baseConfig(), '/dashboard?tab=2', { accept: 'text/html' })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe(
      `/auth/signin?callbackUrl=${encodeURIComponent('/dashboard?tab=2')}`,
    )
    const data = await send(baseConfig(), '/dashboard', { accept: '*/*' }, true)
    expect(data.status).toBe(303)
  })

  it('answers an API call 401 with a message, and clears a bad session cookie on the way', async () => {
    const res = await send(baseConfig({ pages: { signIn: '/login' } }), '/api/me', {
      accept: 'application/json',
      cookie: `${SESSION}=garbage`,
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toStrictEqual({ message: 'Sign in required.' })
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=;`))).toBe(true)
  })

  it('uses pages.signIn', async () => {
    const res = await send(baseConfig({ pages: { signIn: '/login' } }), '/x', { accept: 'text/html' })
    expect(res.headers.get('location')).toBe('/login?callbackUrl=%2Fx')
  })
})
