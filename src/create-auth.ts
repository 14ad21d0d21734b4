import { configErrorResult, resolveOnce, resolveWithEnv, runResolved } from './auth.js'
import { RequestContext } from './routing/request-context.js'
import { parseCookies } from './cookies/parse-cookies.js'
import { toResponse } from './lib/to-response.js'
import type { AuthConfig, Session } from './types.js'

/** Options of {@link createAuth}. */
export interface CreateAuthOptions {
  /** The environment to infer `AUTH_*` settings from, instead of `process.env` (tests, multi-tenant hosts). */
  env?: Record<string, string | undefined>
}

/** What {@link createAuth} returns. */
export interface GatehouseInstance {
  /** Route handlers to mount at `{basePath}/*`. */
  handlers: { GET: (request: Request) => Promise<Response>; POST: (request: Request) => Promise<Response> }
  /**
   * The session of a request, or `null`. Fails closed: any problem gives `null`. Cookie updates (a re-issued
   * token) are not written here; they happen on the next call to the session endpoint.
   */
  auth: (request: Request) => Promise<Session | null>
}

/**
 * Resolves and validates the configuration once, and returns route handlers and a session reader bound to it.
 * A broken configuration is reported once, now, and every request then gets the configuration error answer.
 *
 * @example
 * ```ts
 * const { handlers, auth } = createAuth({ providers: [Credentials({ authorize })] })
 * const session = await auth(request)
 * ```
 */
export function createAuth(config: AuthConfig, options: CreateAuthOptions = {}): GatehouseInstance {
  const input = { ...config, raw: undefined }
  const resolution = options.env ? resolveWithEnv(input, options.env) : resolveOnce(input)
  const handle = async (request: Request): Promise<Response> => {
    if ('error' in resolution) return toResponse(configErrorResult(request, input))
    return (await runResolved(request, resolution.config)) as Response
  }
  const auth = async (request: Request): Promise<Session | null> => {
    if ('error' in resolution) return null
    try {
      const url = new URL(request.url)
      const ctx = new RequestContext(resolution.config, {
        request,
        url,
        method: 'GET',
        action: 'session',
        providerId: undefined,
        cookies: parseCookies(request.headers.get('cookie')),
        query: {},
        body: undefined,
      })
      const result = await resolution.config.sessionStrategy.read(ctx)
      return result.status === 200 && result.body ? result.body : null
    } catch (error) {
      resolution.config.logger.error(error instanceof Error ? error : new Error(String(error)))
      return null
    }
  }
  return { handlers: { GET: handle, POST: handle }, auth }
}
