import { runInternal } from './auth.js'
import type { ResolvedConfig } from './config/resolve-config.js'
import { answerConfigFailure, type Resolution } from './config/config-failure.js'
import { configSource, type ConfigInput } from './config/config-source.js'
import { processEnv } from './lib/process-env.js'
import { parseCookies } from './cookies/parse-cookies.js'
import { serializeCookie } from './cookies/serialize-cookie.js'
import { toResponse } from './answer/index.js'
import { RequestContext } from './routing/request-context.js'
import { internalHandler } from './symbols.js'
import type { SessionReadOptions } from './session/session-strategy.js'
import type { Cookie, ResponseInternal, Session } from './types.js'

/** Options of {@link createAuth}. */
export interface CreateAuthOptions {
  /** The environment to infer `AUTH_*` settings from, instead of `process.env` (tests, multi-tenant hosts). */
  env?: Record<string, string | undefined>
}

/** The session of a request with the cookies the answer to that request must set. */
export interface SessionWithCookies {
  /** The session, or `null` (none, invalid, expired, or any failure: it fails closed). */
  session: Session | null
  /**
   * Cookies to set, as structured values for a framework's cookie API (Next.js `cookies().set(name, value,
   * options)`, SvelteKit `event.cookies.set`): a re-issued session cookie, or the cookies that clear a bad one.
   * `options.expires` is a `Date`, `options.maxAge` is in seconds.
   */
  cookies: Cookie[]
  /** The same cookies as `Set-Cookie` header values, one per cookie (Express `res.append('Set-Cookie', v)`). */
  setCookie: string[]
}

/** What {@link createAuth} returns. */
export interface GatehouseInstance {
  /** Route handlers to mount at `{basePath}/*`. */
  handlers: { GET: (request: Request) => Promise<Response>; POST: (request: Request) => Promise<Response> }
  /**
   * The session of a request, or `null`. Fails closed: any problem gives `null`. It only reads: a session due for
   * re-issue (older than `session.updateAge`) is not re-encrypted nor its database expiry moved, since no cookie
   * could carry the result; use {@link GatehouseInstance.getSession} where the response can take cookies.
   */
  auth: (request: Request) => Promise<Session | null>
  /**
   * The session of a request and the cookies to set with the answer (a re-issued session cookie once
   * `session.updateAge` has passed, the clearing cookies for a bad one), for framework wrappers. Fails closed like
   * `auth`: a broken configuration, an unreadable cookie or a failing callback gives `null`. `{ reissue: false }`
   * reads without re-issuing, for callers that cannot set cookies.
   */
  getSession: (request: Request, options?: SessionReadOptions) => Promise<SessionWithCookies>
  /**
   * Answers a request to the authentication endpoints with the internal result instead of a `Response`, as the
   * `raw` option does for `Auth`: a sign-in `AuthError` is re-thrown (unless the request has
   * `X-Auth-Return-Redirect`), so a framework can redirect in its own way.
   */
  handleRaw: (request: Request) => Promise<ResponseInternal>
}

const noSession = (): SessionWithCookies => ({ session: null, cookies: [], setCookie: [] })

/** The context of a session check on an arbitrary application request (no action of ours is addressed). */
function sessionContext(config: ResolvedConfig, request: Request): RequestContext {
  return new RequestContext(config, {
    request,
    url: new URL(request.url),
    method: 'GET',
    action: 'session',
    providerId: undefined,
    cookies: parseCookies(request.headers.get('cookie')),
    query: {},
    body: undefined,
  })
}

/** Calls `then` with the resolution, at once when it is at hand (a configuration object), else when it is. */
function withResolution<T>(
  resolution: Resolution | Promise<Resolution>,
  then: (resolution: Resolution) => Promise<T>,
): Promise<T> {
  return resolution instanceof Promise ? resolution.then(then) : then(resolution)
}

/**
 * Resolves and validates the configuration once, and returns route handlers and session readers bound to it.
 * A broken configuration is reported once, now, and every request then gets the configuration error answer.
 * As `Auth`, `NextAuth` and `SvelteKitAuth`, it also takes a function of the request returning the
 * configuration; each object it returns is resolved once.
 *
 * @example
 * ```ts
 * const { handlers, auth, getSession } = createAuth({ providers: [Credentials({ authorize })] })
 * const { session, setCookie } = await getSession(request)
 * ```
 */
export function createAuth(config: ConfigInput, options: CreateAuthOptions = {}): GatehouseInstance {
  const source = configSource(config, options.env ?? processEnv())
  // The one implementation; `handle` only turns its result into a `Response`. Node wrappers call it directly.
  const handleInternal = (request: Request): Promise<ResponseInternal> =>
    withResolution(source(request), (resolution) =>
      'failure' in resolution
        ? Promise.resolve(answerConfigFailure(request, resolution.failure))
        : runInternal(request, resolution.config),
    )
  const handle = Object.assign(
    async (request: Request): Promise<Response> => toResponse(await handleInternal(request)),
    { [internalHandler]: handleInternal },
  )
  const logError = (config: ResolvedConfig, error: unknown) => {
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
  }
  const auth = async (request: Request): Promise<Session | null> => {
    const resolution = await source(request)
    if ('failure' in resolution) return null
    try {
      const ctx = sessionContext(resolution.config, request)
      // Its cookies are dropped, so nothing that only matters for a re-issued cookie is done.
      const result = await resolution.config.sessionStrategy.read(ctx, undefined, { reissue: false })
      return result.status === 200 && result.body ? result.body : null
    } catch (error) {
      logError(resolution.config, error)
      return null
    }
  }
  const getSession = async (
    request: Request,
    readOptions?: SessionReadOptions,
  ): Promise<SessionWithCookies> => {
    const resolution = await source(request)
    if ('failure' in resolution) return noSession()
    const strategy = resolution.config.sessionStrategy
    try {
      const ctx = sessionContext(resolution.config, request)
      let result: ResponseInternal<Session | null>
      try {
        result = await strategy.read(ctx, undefined, readOptions)
      } catch (error) {
        // The policy of GET /session: logged, `null`, and (for a JWT) the cookie cleared.
        result = strategy.readFailed(ctx, error)
      }
      const cookies = result.cookies ?? []
      return {
        // A 503 (the database is down) keeps the cookie and gives no session.
        session: result.status === 200 && result.body ? result.body : null,
        cookies,
        setCookie: cookies.map((c) => serializeCookie(c.name, c.value, c.options)),
      }
    } catch (error) {
      logError(resolution.config, error)
      return noSession()
    }
  }
  const handleRaw = async (request: Request): Promise<ResponseInternal> => {
    const resolution = await source(request)
    if ('failure' in resolution) return answerConfigFailure(request, resolution.failure)
    return runInternal(request, resolution.config, true)
  }
  return { handlers: { GET: handle, POST: handle }, auth, getSession, handleRaw }
}
