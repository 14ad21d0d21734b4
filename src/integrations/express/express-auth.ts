import type { ServerResponse } from 'node:http'
import type { GuardRule } from '../../guard/guard-rule.js'
import type { AuthConfig, Session } from '../../types.js'
import { answerNode } from '../node/answer-node.js'
import { failResponse } from '../node/fail-response.js'
import { writeWebResponse } from '../node/write-web-response.js'
import {
  expressClientAddress,
  expressToWebRequest,
  expressUrl,
  type ExpressLikeRequest,
  type ExpressLikeResponse,
} from './express-request.js'
import { instanceFor } from '../instance-for.js'
import { basePathOf, mountedConfig } from './mounted-config.js'

/** An Express middleware (Express 4 and 5). */
export type ExpressMiddleware = (
  req: ExpressLikeRequest,
  res: ServerResponse & ExpressLikeResponse,
  next: (error?: unknown) => void,
) => void

function report(error: unknown): void {
  try {
    console.error('gatehouse-auth/express: a request failed', error)
  } catch {
    // Nothing left to do; the answer is already a clean 500.
  }
}

/**
 * The Gatehouse endpoints as Express middleware, for `app.use('/auth/*', ExpressAuth(config))` on Express 4 or
 * `app.use('/auth', ExpressAuth(config))` on Express 5. Without `basePath` in the configuration, the base path is
 * where Express mounted it (`req.baseUrl`, e.g. `app.use('/api/auth', …)` serves `/api/auth/session`); an Express 4
 * `/auth/*` mount keeps the default `/auth` (or the path of `AUTH_URL`).
 * It works whether or not `express.json()` / `express.urlencoded()` ran first. A failure inside is logged and
 * answered 500; no rejection ever reaches Express.
 *
 * @example
 * ```ts
 * app.use('/auth', ExpressAuth({ providers: [Credentials({ authorize })] }))
 * ```
 */
export function ExpressAuth(config: AuthConfig): ExpressMiddleware {
  const configFor = mountedConfig(config)
  return (req, res) =>
    answerNode(
      res,
      () => expressToWebRequest(req, { lazy: true }),
      instanceFor(configFor(req)).handlers.GET,
      report,
      expressClientAddress(req),
    )
}

/** Appends cookies to the response unless it already started (a late `getSession` cannot set them any more). */
function appendCookies(res: ExpressLikeResponse | undefined, setCookie: string[]): void {
  if (!res || res.headersSent || setCookie.length === 0) return
  try {
    res.append?.('Set-Cookie', setCookie)
  } catch {
    // A response that refuses headers keeps the old cookie; the session answer itself is unaffected.
  }
}

/**
 * The session of an Express request, or `null` (fails closed). A re-issued session cookie, or the clearing
 * cookies of a bad one, are appended to `req.res` when it has not started yet.
 *
 * @example
 * ```ts
 * app.get('/me', async (req, res) => res.json((await getSession(req, authConfig)) ?? {}))
 * ```
 */
export async function getSession(req: ExpressLikeRequest, config: AuthConfig): Promise<Session | null> {
  try {
    const url = expressUrl(req)
    if (typeof url !== 'object') return null
    // The origin and the cookie header are all a session read needs: no `Request` is built.
    const { session, setCookie } = await instanceFor(config).getSession({
      origin: url.url,
      cookie: req.headers.cookie,
    })
    appendCookies(req.res, setCookie)
    return session
  } catch (error) {
    report(error)
    return null
  }
}

/**
 * Middleware that puts the session (or `null`) on `res.locals.session` and continues.
 *
 * @example
 * ```ts
 * app.use(currentSession(authConfig))
 * ```
 */
export function currentSession(config: AuthConfig): ExpressMiddleware {
  return (req, res, next) => {
    void getSession(req, config).then((session) => {
      res.locals = res.locals ?? {}
      res.locals.session = session
      next()
    })
  }
}

/**
 * Middleware that lets only signed-in requests through (with the session on `res.locals.session`): others get
 * `401` with a JSON message when they ask for JSON, and a redirect to the sign-in page (with `callbackUrl` set to
 * the page they wanted) when they ask for a page. The core's guard decides; this writes its answer.
 *
 * @example
 * ```ts
 * app.get('/account', requireSession(authConfig), (req, res) => res.send(res.locals.session.user.name))
 * ```
 */
export function requireSession(config: AuthConfig): ExpressMiddleware {
  let rule: GuardRule | undefined
  // Read per request: `ExpressAuth` learns its mount path only when the first request reaches it.
  const ruleNow = (): GuardRule => {
    const signInPage =
      typeof config.pages?.signIn === 'string' ? config.pages.signIn : `${basePathOf(config)}/signin`
    if (rule?.signInPage !== signInPage) rule = { signInPage, deny: 'negotiate' }
    return rule
  }
  return (req, res, next) => {
    void guardExpress(config, ruleNow(), req, res).then((pass) => {
      if (pass) next()
    })
  }
}

/** Runs the core's guard for an Express request and writes a refusal; `true` when the request may go on. */
async function guardExpress(
  config: AuthConfig,
  rule: GuardRule,
  req: ExpressLikeRequest,
  res: ServerResponse & ExpressLikeResponse,
): Promise<boolean> {
  try {
    const url = expressUrl(req)
    const target = req.originalUrl ?? req.url ?? '/'
    const result = await instanceFor(config).guard(
      {
        // An unusable host reads no session (refused), as a `Request` could not be built for it either.
        origin: typeof url === 'object' ? url.url : 'http://unusable.invalid',
        cookie: typeof url === 'object' ? req.headers.cookie : undefined,
        url: target,
        accept: req.headers.accept,
      },
      rule,
    )
    appendCookies(req.res, result.setCookie)
    res.locals = res.locals ?? {}
    res.locals.session = result.session
    if (result.pass) return true
    if (res.headersSent) return false
    const { answer } = result
    if (answer.kind === 'unauthorized') {
      res.statusCode = 401
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify(answer.body))
    } else if (answer.kind === 'redirect') {
      res.statusCode = 302
      res.setHeader('Location', answer.location)
      res.end()
    } else {
      await writeWebResponse(res, answer.response)
    }
    return false
  } catch (error) {
    report(error)
    failResponse(res, error)
    return false
  }
}
