/**
 * Sign-in gates in tests: a configuration resolved as usual, with test gates and their routes registered on it
 * (nothing registers a gate in production yet), answered in process or over a real `node:http` server.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runResolved } from '../../src/auth.js'
import { resolveConfig, type ResolvedConfig } from '../../src/config/resolve-config.js'
import { CredentialsSignin } from '../../src/errors.js'
import type { PendingSignIn } from '../../src/flows/pending-sign-in-cookie.js'
import type { ResolvedSignIn } from '../../src/flows/resolved-sign-in.js'
import { openPendingSignIn, resumeSignIn } from '../../src/flows/resume-sign-in.js'
import type { SignInGate } from '../../src/flows/sign-in-gate.js'
import { toWebRequest } from '../../src/integrations/node/to-web-request.js'
import { writeWebResponse } from '../../src/integrations/node/write-web-response.js'
import type { FeatureRoute } from '../../src/routing/feature-route.js'
import { featureRoutes } from '../../src/routing/feature-routes.js'
import { Router } from '../../src/routing/router.js'
import type { Account, AuthConfig, Profile, User } from '../../src/types.js'
import type { CookieJar } from '../support/cookie-jar.js'

/** The cookie a held sign-in waits in (no `__Secure-` prefix on http). */
export const PENDING = 'gatehouse.pending-sign-in'
export const SESSION = 'authjs.session-token'
/** What the test gates' form must post to be let through. */
export const CODE = 'let-me-in'

/** Everything the callbacks and events saw, in order. */
export interface Seen {
  /** `jwt` callbacks of a sign-in (trigger `signIn` or `signUp`), with what they were handed. */
  jwt: Array<{ trigger: string; user: User; account: Account | null; profile: Profile | undefined }>
  /** `events.signIn`, with the user it named. */
  signIn: Array<{ user: User; account: Account | null; isNewUser: boolean | undefined }>
  /** What each gate's `check` was handed. */
  checked: Array<{ gate: string; signIn: ResolvedSignIn }>
  /** What each gate's route opened. */
  opened: PendingSignIn[]
}

/**
 * A gate standing for a second factor: it holds every sign-in whose user `holds` accepts, answering a redirect to
 * its page; its route `POST {basePath}/callback/{name}` (CSRF checked by the router) lets the sign-in on when the
 * posted `code` is {@link CODE}, as a TOTP check would.
 */
export function testGate(
  name: string,
  seen: Seen,
  holds: (signIn: ResolvedSignIn) => boolean = () => true,
): { gate: SignInGate; routes: FeatureRoute[] } {
  const gate: SignInGate = {
    name,
    check(ctx, signIn) {
      seen.checked.push({ gate: name, signIn })
      return Promise.resolve(holds(signIn) ? { redirect: ctx.routeUrl(name) } : undefined)
    },
  }
  const routes: FeatureRoute[] = [
    {
      path: `callback/${name}`,
      method: 'POST',
      csrf: 'always',
      page: false,
      async handler(ctx) {
        const pending = await openPendingSignIn(ctx, gate)
        seen.opened.push(pending)
        if (ctx.req.body?.['code'] !== CODE) throw new CredentialsSignin('wrong code')
        return resumeSignIn(ctx, pending)
      },
    },
  ]
  return { gate, routes }
}

/** A fresh record of what was seen. */
export function seenRecord(): Seen {
  return { jwt: [], signIn: [], checked: [], opened: [] }
}

/** The configuration's callbacks and events, recording into `seen` (merged over any the test gives). */
export function recording(seen: Seen, config: AuthConfig): AuthConfig {
  return {
    ...config,
    callbacks: {
      ...config.callbacks,
      jwt: ({ token, trigger, user, account, profile }) => {
        if (trigger === 'signIn' || trigger === 'signUp') seen.jwt.push({ trigger, user, account, profile })
        return token
      },
    },
    events: {
      ...config.events,
      signIn: ({ user, account, isNewUser }) => void seen.signIn.push({ user, account, isNewUser }),
    },
  }
}

/** `input` resolved as `Auth` would, with `gates` in order and their routes beside Gatehouse's own. */
export function gatedConfig(
  input: AuthConfig,
  gates: ReadonlyArray<{ gate: SignInGate; routes: FeatureRoute[] }>,
): ResolvedConfig {
  const resolved = resolveConfig(input, {})
  return Object.freeze({
    ...resolved,
    signInGates: Object.freeze(gates.map(({ gate }) => gate)),
    router: new Router([...featureRoutes, ...gates.flatMap(({ routes }) => routes)]),
  })
}

/** A browser in process: requests answered by `runResolved`, cookies kept in `jar`. */
export function inProcess(config: ResolvedConfig, origin: string) {
  async function call(jar: CookieJar, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = jar.header()
    if (cookie) headers.set('cookie', cookie)
    const url = path.startsWith('http') ? path : `${origin}${path}`
    const response = (await runResolved(new Request(url, { ...init, headers }), config)) as Response
    jar.take(response)
    return response
  }
  async function csrf(jar: CookieJar): Promise<string> {
    return ((await (await call(jar, '/auth/csrf')).json()) as { csrfToken: string }).csrfToken
  }
  async function post(jar: CookieJar, path: string, fields: Record<string, string>, headers = {}) {
    return call(jar, path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  }
  /** The gate's form: the code, with the CSRF token of this browser. */
  async function pass(jar: CookieJar, gate: string, code = CODE, headers = {}) {
    return post(jar, `/auth/callback/${gate}`, { csrfToken: await csrf(jar), code }, headers)
  }
  async function session(jar: CookieJar) {
    return (await (await call(jar, '/auth/session')).json()) as { user?: User } | null
  }
  return { call, csrf, post, pass, session }
}

/** Serves a resolved configuration on 127.0.0.1 (port 0); the configuration may need the origin. */
export async function serveResolved(
  config: (origin: string) => ResolvedConfig,
): Promise<{ origin: string; config: ResolvedConfig; close(): Promise<void> }> {
  const state: { config?: ResolvedConfig } = {}
  const server: Server = createServer((req, res) => {
    const request = toWebRequest(req)
    ;(request instanceof Response ? Promise.resolve(request) : runResolved(request, state.config!))
      .then((response) => writeWebResponse(res, response as Response))
      .catch((error: unknown) => {
        res.statusCode = 599
        res.end(`test server caught: ${String(error)}`)
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.config = config(origin)
  return {
    origin,
    config: state.config,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}

/** The names of the cookies a response sets (not those it deletes). */
export function setNames(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((line) => !/Max-Age=0/i.test(line))
    .map((line) => line.slice(0, line.indexOf('=')))
}
