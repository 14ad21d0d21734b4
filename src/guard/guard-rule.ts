/**
 * The types of the one guard every integration uses (`requireSession` in Express, `verifyAuth` in Hono, `auth` as
 * Next.js middleware, `locals.requireSession()` in SvelteKit): what it reads of a request, the rule it applies and
 * its answer, as data that each framework writes in its own way.
 *
 * @module
 */
import type { Awaitable, Cookie, Session } from '../types.js'

/** What reading a session needs of a request, without a `Request`: its public origin and its `Cookie` header. */
export interface SessionRequest {
  /**
   * The origin the request reached (`https://app.example.com`), scheme in lower case as `URL#origin` gives it. With
   * `AUTH_URL` set, that origin is used instead; otherwise only the scheme matters (which cookie names are read).
   */
  origin: string
  /** The request's `Cookie` header, as it came. */
  cookie: string | null | undefined
}

/** What the guard needs of a request, without a `Request`. */
export interface GuardRequest extends SessionRequest {
  /**
   * The page asked for, which becomes the sign-in page's `callbackUrl`: its path and query (`/dashboard?tab=2`,
   * the sign-in URL is then a path too) or its absolute URL (the sign-in URL is then absolute, on `origin`).
   */
  url: string
  /** The `Accept` header: a client that accepts `text/html` is a browser asking for a page. */
  accept?: string | null | undefined
}

/** What `authorized` answers: `false` denies, a `Response` answers instead, anything else lets the request pass. */
export type GuardVerdict = boolean | Response | null | undefined | void

/** Who may pass a guard, and how a refusal is answered. */
export interface GuardRule {
  /**
   * Decides, given the session (or `null`) and the page asked for. Default: signed in or not. A throw denies (and is
   * logged). With a rule of its own, a refusal that would send the browser round in a loop (the sign-in page is
   * itself refused, or sends back) is answered 500 with a message instead.
   */
  authorized?: ((params: { auth: Session | null; url: URL }) => Awaitable<GuardVerdict>) | undefined
  /**
   * How a refused request is answered: `redirect` to the sign-in page with `callbackUrl`, `json` (a 401 with
   * `{ message }`), or `negotiate` (default): a redirect for a client that accepts `text/html`, else the 401.
   */
  deny?: 'redirect' | 'json' | 'negotiate' | undefined
  /** The 401's message. Default `Sign in required.` */
  message?: string | undefined
  /** The sign-in page. Default `pages.signIn`, else `{basePath}/signin`. */
  signInPage?: string | undefined
  /**
   * Let Gatehouse's own endpoints and pages (under `basePath`) pass whatever `authorized` says, so that a guard in
   * front of everything keeps the sign-in page reachable. Default `false`.
   */
  passAuthRoutes?: boolean | undefined
}

/** How a refused request is answered, as data. */
export type GuardAnswer =
  /** To the sign-in page with `callbackUrl` (each framework picks its status: 302, 303 or 307). */
  | { kind: 'redirect'; location: string }
  /** `401` with this JSON body. */
  | { kind: 'unauthorized'; body: { message: string } }
  /** The `Response` `authorized` returned, or the 500 that names a redirect loop. */
  | { kind: 'response'; response: Response }

/** The guard's answer: the session, the cookies the answer must carry, and whether the request passes. */
export type GuardResult = {
  /** The session, or `null` (none, invalid, expired, or any failure: it fails closed). */
  session: Session | null
  /** Cookies for the answer, whichever it is: a re-issued session cookie, or the ones that clear a bad one. */
  cookies: Cookie[]
  /** The same cookies as `Set-Cookie` header values. */
  setCookie: string[]
} & ({ pass: true } | { pass: false; answer: GuardAnswer })
