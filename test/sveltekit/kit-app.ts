/**
 * SvelteKit's request cycle around a `SvelteKitAuthResult`, as kit's `respond` runs it, built from kit's own parts:
 * its cookie jar (`get_cookies`, `add_cookies_to_headers`, from `@sveltejs/kit/src/runtime/server/cookie.js`) and
 * its control flow (`isRedirect`, `isActionFailure`, `isHttpError`). Routes are plain functions of the event; a form
 * action is wrapped by {@link formAction}, which answers as kit does for a form post without JavaScript.
 */
import { isActionFailure, isHttpError, isRedirect, type Handle, type RequestEvent } from '@sveltejs/kit'
import { fileURLToPath } from 'node:url'

interface KitCookie {
  name: string
  value: string
  options: Record<string, unknown> & { path: string }
}
interface KitCookieModule {
  get_cookies(
    this: void,
    request: Request,
    url: URL,
  ): {
    cookies: RequestEvent['cookies']
    new_cookies: Map<string, KitCookie>
    set_trailing_slash(this: void, mode: 'never' | 'always' | 'ignore'): void
  }
  add_cookies_to_headers(this: void, headers: Headers, cookies: Iterable<KitCookie>): void
}

// Not in kit's `exports`: loaded by file path (the module kit's server runs for `event.cookies`).
const kitCookieFile = fileURLToPath(
  new URL('../../node_modules/@sveltejs/kit/src/runtime/server/cookie.js', import.meta.url),
)
const kit = (await import(kitCookieFile)) as KitCookieModule

export type Route = (event: RequestEvent) => Promise<Response>

/** A form action as kit answers a plain form post: a redirect, a failure status, an error page, or a page. */
export function formAction(action: (event: RequestEvent) => Promise<unknown>): Route {
  return async (event) => {
    try {
      const data = await action(event)
      if (isActionFailure(data))
        return Response.json({ type: 'failure', data: data.data }, { status: data.status })
      return Response.json({ type: 'success', data })
    } catch (thrown) {
      if (isRedirect(thrown))
        return new Response(null, { status: thrown.status, headers: { location: thrown.location } })
      if (isHttpError(thrown)) return Response.json(thrown.body, { status: thrown.status })
      throw thrown
    }
  }
}

/** What a request left behind, for assertions: the event and its `locals`. */
export interface KitExchange {
  response: Response
  event: RequestEvent
  resolved: boolean
}

/** Runs one request through `handle` and the routes, with kit's cookie jar; new cookies go on the answer. */
export async function kitRequest(
  handle: Handle,
  routes: Record<string, Route>,
  request: Request,
  platform?: unknown,
  clientAddress = '127.0.0.1',
): Promise<KitExchange> {
  const url = new URL(request.url)
  const { cookies, new_cookies, set_trailing_slash } = kit.get_cookies(request, url)
  set_trailing_slash('never')
  const event = {
    cookies,
    fetch,
    getClientAddress: () => clientAddress,
    locals: {},
    params: {},
    platform,
    request,
    route: { id: url.pathname },
    setHeaders: () => {},
    url,
    isDataRequest: false,
    isSubRequest: false,
  } as unknown as RequestEvent
  let resolved = false
  const answer = await handle({
    event,
    resolve: async (e) => {
      resolved = true
      const route = routes[`${e.request.method} ${e.url.pathname}`]
      return route ? route(e) : new Response('Not found', { status: 404 })
    },
  })
  // Kit copies the answer when its headers are immutable, then appends the cookies set through `event.cookies`.
  const response = new Response(answer.body, answer)
  kit.add_cookies_to_headers(response.headers, new_cookies.values())
  return { response, event, resolved }
}
