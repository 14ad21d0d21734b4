import type { IncomingHttpHeaders } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import type { GuardRule } from '../../guard/guard-rule.js'
import { fillDefaultStores } from '../../stores/resolve-stores.js'
import type { AuthConfig, Session } from '../../types.js'
import { answerRequest } from '../answer-request.js'
import { instanceFor } from '../instance-for.js'
import { lazyRequest, lazyRequestsWork } from '../node/lazy-request.js'

/** What {@link verifyAuth} puts on the context as `authUser` (the shape of `@hono/auth-js`). */
export interface AuthUser {
  session: Session
  user?: Session['user']
}

/** The configuration callback of {@link initAuthConfig}: per request, so it can read `c.env` on edge runtimes. */
export type ConfigHandler = (c: Context) => AuthConfig

declare module 'hono' {
  interface ContextVariableMap {
    authConfig: AuthConfig
    authUser: AuthUser
  }
}

function configOf(c: Context): AuthConfig {
  const config = c.get('authConfig') as AuthConfig | undefined
  if (!config)
    throw new Error(
      'gatehouse-auth/hono: call app.use(initAuthConfig(...)) before authHandler() or verifyAuth().',
    )
  return config
}

/**
 * Middleware that sets the configuration for the request (`c.get('authConfig')`); mount it before the others.
 *
 * @example
 * ```ts
 * app.use('*', initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, providers: [GitHub] })))
 * ```
 */
export function initAuthConfig(cb: ConfigHandler): MiddlewareHandler {
  // One set of default stores for every configuration the callback returns, a new object per request included.
  const withStores = fillDefaultStores()
  return async (c, next) => {
    c.set('authConfig', withStores(cb(c)))
    await next()
  }
}

/**
 * The Gatehouse endpoints, for `app.use('/auth/*', authHandler())`.
 *
 * @example
 * ```ts
 * app.use('/auth/*', authHandler())
 * ```
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => answerRequest(instanceFor(configOf(c)), requestOf(c), clientAddressOf(c))
}

/**
 * The request for the core. On `@hono/node-server`, a `GET` or `HEAD` is read as a lazy request over the Node
 * request's headers (as `gatehouse-auth/express` reads Express's): the server's own request builds a whole `Headers`
 * the first time its `headers` is read, and the session check needs one cookie of it. Elsewhere, `c.req.raw`.
 */
function requestOf(c: Context): Request {
  const raw = c.req.raw
  const incoming = (c.env as { incoming?: { headers?: unknown } } | undefined)?.incoming
  const method = raw.method
  if (!lazyRequestsWork || (method !== 'GET' && method !== 'HEAD')) return raw
  if (typeof incoming?.headers !== 'object' || incoming.headers === null) return raw
  return lazyRequest(raw.url, method, incoming.headers as IncomingHttpHeaders)
}

/** The client's address where the runtime gives one: the socket's on `@hono/node-server`. */
function clientAddressOf(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)?.incoming
  const address = incoming?.socket?.remoteAddress
  return typeof address === 'string' && address !== '' ? address : undefined
}

/**
 * The session of the request with its cookie updates applied to the answer, or `null` (fails closed); what
 * {@link verifyAuth} uses, for handlers that allow anonymous requests.
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const { session, setCookie } = await instanceFor(configOf(c)).getSession(c.req.raw)
  for (const cookie of setCookie) c.header('Set-Cookie', cookie, { append: true })
  if (!session) return null
  return session.user ? { session, user: session.user } : { session }
}

/** `@hono/auth-js`'s rule: signed in, else a JSON 401 (an API), whatever the client accepts. */
const VERIFY_AUTH: GuardRule = { deny: 'json', message: 'Unauthorized' }

/**
 * Middleware that lets only signed-in requests through, with `c.get('authUser')` set; others get `401`.
 *
 * @example
 * ```ts
 * app.get('/api/me', verifyAuth(), (c) => c.json(c.get('authUser').session))
 * ```
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const result = await instanceFor(configOf(c)).guard(c.req.raw, VERIFY_AUTH)
    for (const cookie of result.setCookie) c.header('Set-Cookie', cookie, { append: true })
    if (!result.pass) {
      const { answer } = result
      if (answer.kind === 'unauthorized') return c.json(answer.body, 401)
      return answer.kind === 'redirect' ? c.redirect(answer.location) : answer.response
    }
    const session = result.session!
    c.set('authUser', session.user ? { session, user: session.user } : { session })
    await next()
  }
}
