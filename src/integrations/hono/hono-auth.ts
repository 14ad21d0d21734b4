import type { Context, MiddlewareHandler } from 'hono'
import type { AuthConfig, Session } from '../../types.js'
import { instanceFor } from '../instance-for.js'

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
  return async (c, next) => {
    c.set('authConfig', cb(c))
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
  return async (c) => instanceFor(configOf(c)).handlers.GET(c.req.raw)
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
    const authUser = await getAuthUser(c)
    if (!authUser) return c.json({ message: 'Unauthorized' }, 401)
    c.set('authUser', authUser)
    await next()
  }
}
