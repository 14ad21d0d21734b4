/**
 * What `next/headers` reads in a running Next.js server (the request's headers and cookies), which a unit test has
 * no runtime for. Built on Next's own cookie classes: in a server component the cookies are Next's sealed,
 * read-only adapter (writes throw as in Next); in a server action or route handler, Next's mutable adapter,
 * whose writes become `Set-Cookie` lines as Next sends them.
 */
import './next-runtime-globals.js'
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies.js'
import {
  MutableRequestCookiesAdapter,
  RequestCookiesAdapter,
} from 'next/dist/server/web/spec-extension/adapters/request-cookies.js'
import type { ResponseCookies } from 'next/dist/server/web/spec-extension/cookies.js'
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external.js'

export interface RequestScope {
  headers: Headers
  /** `rsc`: rendering a server component; `action`: a server action or route handler. */
  phase: 'rsc' | 'action'
  cookies: ResponseCookies | ReturnType<typeof RequestCookiesAdapter.seal>
  /** The `Set-Cookie` lines written in an action. */
  written: string[]
}

let current: RequestScope | undefined

/** Enters a request with these headers for the following `next/headers` calls. */
export function enterRequest(headers: HeadersInit, phase: RequestScope['phase']): RequestScope {
  const h = new Headers(headers)
  const written: string[] = []
  const requestCookies = new RequestCookies(h)
  const cookies =
    phase === 'rsc'
      ? RequestCookiesAdapter.seal(requestCookies)
      : MutableRequestCookiesAdapter.wrap(requestCookies, (lines) =>
          written.splice(0, written.length, ...lines),
        )
  current = { headers: h, phase, cookies, written }
  // Next's own request store, in the phase Next gives each context ('render' for a server component, 'action' for
  // a server action or route handler): what decides whether cookies can be written there. Only the fields read
  // outside Next's renderer are set.
  workUnitAsyncStorage.enterWith({ type: 'request', phase: phase === 'rsc' ? 'render' : 'action' } as never)
  return current
}

/** The `next/headers` module as the code under test sees it. */
export const nextHeadersModule = {
  headers: () => {
    if (!current) throw new Error('headers() was called outside a request scope')
    return Promise.resolve(current.headers)
  },
  cookies: () => {
    if (!current) throw new Error('cookies() was called outside a request scope')
    return Promise.resolve(current.cookies)
  },
}
