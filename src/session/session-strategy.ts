import type { CookieMode, ResolvedConfig } from '../config/resolve-config.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Account, Cookie, CookiesOptions, Profile, ResponseInternal, Session, User } from '../types.js'

/** What a completed sign-in hands to the session strategy. */
export interface SignInOutcome {
  user: User
  account: Account | null
  profile?: Profile | undefined
  isNewUser: boolean
}

/**
 * What reading a session needs of a request: the configuration, the cookie mode of its origin and its cookies. A
 * {@link RequestContext} is one; a session check on an application's own request builds only this, no `Request`.
 */
export interface SessionReadContext {
  readonly config: ResolvedConfig
  readonly mode: CookieMode
  readonly cookies: CookiesOptions
  readonly req: { readonly cookies: Record<string, string> }
}

/** How a session is read. */
export interface SessionReadOptions {
  /**
   * Whether a session that is due (older than `session.updateAge`) is re-issued: a new token or a database expiry
   * update, and a cookie to set. Default `true`; `false` only reads.
   */
  reissue?: boolean | undefined
}

/**
 * Where sessions live. The JWT strategy keeps them in an encrypted cookie; the database strategy in the adapter.
 * Sign-in completion, the session endpoint and sign-out call only this interface.
 */
export interface SessionStrategy {
  /**
   * GET /session (and POST with `update` data): the session or `null`, with any cookie changes. With
   * `reissue: false` (a caller that cannot write cookies, such as a Next.js server component) nothing is written:
   * no re-encrypted token, no expiry update in the database, no expired row deleted.
   */
  read(
    ctx: SessionReadContext,
    update?: { data: unknown },
    options?: SessionReadOptions,
  ): Promise<ResponseInternal<Session | null>>
  /** Starts a session for a signed-in user: the cookies to set (none when the `jwt` callback refused). */
  create(ctx: RequestContext, outcome: SignInOutcome): Promise<Cookie[]>
  /** Ends the current session, firing `events.signOut`: the cookies that clear it. */
  end(ctx: RequestContext): Promise<Cookie[]>
  /**
   * The adapter user signed in on this request, or `null` (no session, an expired one, or no adapter user behind
   * it). Account linking attaches a new provider to this user.
   */
  signedInUserId(ctx: RequestContext): Promise<string | null>
  /**
   * The answer to a GET /session whose `read` threw (a callback or event that throws): logged, and `null` with
   * no-store headers, never an error page (wire-contract §1.9); the strategy decides which cookies go with it.
   */
  readFailed(ctx: SessionReadContext, error: unknown): ResponseInternal<null>
}
