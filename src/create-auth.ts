import { runInternal } from './auth.js'
import type { ResolvedConfig } from './config/resolve-config.js'
import { answerConfigFailure, type Resolution } from './config/config-failure.js'
import { configSource, type ConfigInput } from './config/config-source.js'
import { createLogger } from './lib/logger.js'
import { processEnv } from './lib/process-env.js'
import { serializeCookie } from './cookies/serialize-cookie.js'
import { toResponse } from './answer/index.js'
import type { GuardRequest, GuardResult, GuardRule, SessionRequest } from './guard/guard-rule.js'
import { runGuard, type GuardBinding } from './guard/run-guard.js'
import { internalHandler, lazyAnswer } from './symbols.js'
import { sessionReadContext } from './session/session-read-context.js'
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
  /**
   * Route handlers to mount at `{basePath}/*`. Each also takes the ready `400` `Response` that `toWebRequest` gives
   * for an unusable request, and answers with it, so `handlers.GET(toWebRequest(req))` never throws.
   */
  handlers: { GET: RouteHandler; POST: RouteHandler }
  /**
   * The session of a request, or `null`. Fails closed: any problem gives `null`. It only reads: a session due for
   * re-issue (older than `session.updateAge`) is not re-encrypted nor its database expiry moved, since no cookie
   * could carry the result; use {@link GatehouseInstance.getSession} where the response can take cookies. Takes a
   * `Request`, or just the origin and `Cookie` header of one.
   */
  auth: (request: Request | SessionRequest) => Promise<Session | null>
  /**
   * The session of a request and the cookies to set with the answer (a re-issued session cookie once
   * `session.updateAge` has passed, the clearing cookies for a bad one), for framework wrappers. Fails closed like
   * `auth`: a broken configuration, an unreadable cookie or a failing callback gives `null`. `{ reissue: false }`
   * reads without re-issuing, for callers that cannot set cookies. Takes a `Request`, or just what a session read
   * needs of one (`{ origin, cookie }`), so a framework does not build a `Request` to carry a cookie header.
   */
  getSession: (request: Request | SessionRequest, options?: SessionReadOptions) => Promise<SessionWithCookies>
  /**
   * The one guard of every integration: reads the session, applies `rule` (signed in by default, or the
   * application's `authorized`) and says how to answer a refused request (a redirect to the sign-in page with
   * `callbackUrl`, a JSON 401, or the `Response` the rule returned), as data for the framework to write. Fails
   * closed. Takes a `Request`, or what the guard needs of one (`{ origin, cookie, url, accept }`).
   */
  guard: (request: Request | GuardRequest, rule?: GuardRule) => Promise<GuardResult>
  /**
   * Answers a request to the authentication endpoints with the internal result instead of a `Response`, as the
   * `raw` option does for `Auth`: a sign-in `AuthError` is re-thrown (unless the request has
   * `X-Auth-Return-Redirect`), so a framework can redirect in its own way. `clientAddress` is the client's address
   * as the framework sees it (for per-client limits).
   */
  handleRaw: (request: Request, options?: { clientAddress?: string | undefined }) => Promise<ResponseInternal>
}

/**
 * A route handler of {@link createAuth}: a `Request` in, its `Response` out; a `Response` given instead (the ready
 * `400` of `toWebRequest` for an unusable request) is the answer itself.
 */
export type RouteHandler = (request: Request | Response) => Promise<Response>

/** The `Response` of a result: the request's own lazy answer (`gatehouse-auth/node`'s requests), else a built one. */
function answerOf(request: Request, result: ResponseInternal): Response {
  const lazy = (request as { [lazyAnswer]?: unknown })[lazyAnswer]
  return typeof lazy === 'function'
    ? (lazy as (result: ResponseInternal) => Response)(result)
    : toResponse(result)
}

const noSession = (): SessionWithCookies => ({ session: null, cookies: [], setCookie: [] })

/** What a session read and the guard need of a `Request`, read from it without building anything else. */
function guardRequestOf(request: Request): GuardRequest {
  const headers = request.headers
  return {
    origin: request.url,
    cookie: headers.get('cookie'),
    url: request.url,
    accept: headers.get('accept'),
  }
}

/**
 * A `Request` for a configuration function, made of what a session read or the guard was given instead of one: the
 * function's contract is a request (it may choose by its URL or headers); a configuration object needs none.
 */
function requestFor(input: SessionRequest | GuardRequest): Request {
  const url = 'url' in input ? new URL(input.url, input.origin) : new URL(input.origin)
  const headers = new Headers()
  if (typeof input.cookie === 'string') headers.set('cookie', input.cookie)
  if ('accept' in input && typeof input.accept === 'string') headers.set('accept', input.accept)
  return new Request(url, { headers })
}

/** Calls `then` with the resolution, at once when it is at hand (a configuration object), else when it is. */
function withResolution<T>(
  resolution: Resolution | Promise<Resolution>,
  then: (resolution: Resolution) => Promise<T>,
): Promise<T> {
  return resolution instanceof Promise ? resolution.then(then) : then(resolution)
}

/** Reads the session of a request of a resolved configuration, with the cookies to set; fails closed. */
async function readSession(
  config: ResolvedConfig,
  request: Request | SessionRequest,
  readOptions?: SessionReadOptions,
): Promise<SessionWithCookies> {
  const strategy = config.sessionStrategy
  try {
    const ctx =
      request instanceof Request
        ? sessionReadContext(config, request.url, request.headers.get('cookie'))
        : sessionReadContext(config, request.origin, request.cookie)
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
      setCookie: cookies.length === 0 ? [] : cookies.map((c) => serializeCookie(c.name, c.value, c.options)),
    }
  } catch (error) {
    config.logger.error(error instanceof Error ? error : new Error(String(error)))
    return noSession()
  }
}

/** What the guard needs of a resolution: its session reader, where its pages are, and its logger. */
function guardBinding(resolution: Resolution): GuardBinding {
  if ('config' in resolution) {
    const { config } = resolution
    return {
      readSession: (input) => readSession(config, input),
      basePath: config.basePath,
      signInPage: config.pages.signIn ?? `${config.basePath}/signin`,
      logger: config.logger,
    }
  }
  // A broken configuration reads no session; its sign-in page is where the configuration said.
  const { input, logger } = resolution.failure
  const given = typeof input === 'object' && input !== null ? input : { providers: [] }
  const basePath = (typeof given.basePath === 'string' ? given.basePath : '/auth').replace(/\/+$/, '')
  const signIn = given.pages?.signIn
  return {
    readSession: () => Promise.resolve(noSession()),
    basePath,
    signInPage: typeof signIn === 'string' ? signIn : `${basePath}/signin`,
    logger,
  }
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
  // The one implementation; `handle` only turns its result into a `Response`. Node wrappers call it directly, with
  // the client's address as they saw it.
  const handleInternal = (request: Request, clientAddress?: string): Promise<ResponseInternal> =>
    withResolution(source(request), (resolution) =>
      'failure' in resolution
        ? Promise.resolve(answerConfigFailure(request, resolution.failure))
        : runInternal(request, resolution.config, undefined, clientAddress),
    )
  const handle = Object.assign(
    (request: Request | Response): Promise<Response> => {
      // The Auth.js way, `handlers.GET(toWebRequest(req))`, hands over `toWebRequest`'s 400 for a broken request.
      if (request instanceof Response) return Promise.resolve(request)
      // Chained rather than awaited: a route handler is on every session check (two promises fewer each).
      try {
        return handleInternal(request).then((result) => answerOf(request, result))
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
    { [internalHandler]: handleInternal },
  )
  /**
   * The resolution for a request, or for what a session read was given instead of one: at once for a configuration
   * object (the session check waits for no promise), after the function for a function; `undefined` when no request
   * can be made for the function of what was given (an origin that is no URL).
   */
  const resolutionOf = (
    request: Request | SessionRequest,
  ): Resolution | undefined | Promise<Resolution | undefined> => {
    if (request instanceof Request) return source(request)
    if (source.fixed) return source.fixed
    let made: Request
    try {
      made = requestFor(request)
    } catch {
      return undefined
    }
    return source(made)
  }
  const auth = async (request: Request | SessionRequest): Promise<Session | null> => {
    const pending = resolutionOf(request)
    const resolution = pending instanceof Promise ? await pending : pending
    if (resolution === undefined || 'failure' in resolution) return null
    const { config } = resolution
    try {
      const ctx =
        request instanceof Request
          ? sessionReadContext(config, request.url, request.headers.get('cookie'))
          : sessionReadContext(config, request.origin, request.cookie)
      // Its cookies are dropped, so nothing that only matters for a re-issued cookie is done.
      const result = await config.sessionStrategy.read(ctx, undefined, { reissue: false })
      return result.status === 200 && result.body ? result.body : null
    } catch (error) {
      config.logger.error(error instanceof Error ? error : new Error(String(error)))
      return null
    }
  }
  const getSession = async (
    request: Request | SessionRequest,
    readOptions?: SessionReadOptions,
  ): Promise<SessionWithCookies> => {
    const pending = resolutionOf(request)
    const resolution = pending instanceof Promise ? await pending : pending
    if (resolution === undefined || 'failure' in resolution) return noSession()
    return readSession(resolution.config, request, readOptions)
  }
  const bindings = new WeakMap<Resolution, GuardBinding>()
  let unreadable: GuardBinding | undefined
  const guard = async (request: Request | GuardRequest, rule?: GuardRule): Promise<GuardResult> => {
    const input = request instanceof Request ? guardRequestOf(request) : request
    const pending = resolutionOf(request)
    const resolution = pending instanceof Promise ? await pending : pending
    let binding: GuardBinding
    if (resolution === undefined) {
      // Nothing can be read of what was given: no session, refused, to the default sign-in page.
      binding = unreadable ??= {
        readSession: () => Promise.resolve(noSession()),
        basePath: '/auth',
        signInPage: '/auth/signin',
        logger: createLogger(undefined, false),
      }
    } else {
      let found = bindings.get(resolution)
      if (!found) {
        found = guardBinding(resolution)
        bindings.set(resolution, found)
      }
      binding = found
    }
    return runGuard(binding, input, rule)
  }
  const handleRaw = async (
    request: Request,
    rawOptions?: { clientAddress?: string | undefined },
  ): Promise<ResponseInternal> => {
    const resolution = await source(request)
    if ('failure' in resolution) return answerConfigFailure(request, resolution.failure)
    return runInternal(request, resolution.config, true, rawOptions?.clientAddress)
  }
  return { handlers: { GET: handle, POST: handle }, auth, getSession, guard, handleRaw }
}
