import type { ResolvedProvider } from '../config/resolve-providers.js'
import type { RequestContext } from '../routing/request-context.js'
import type { Account, Profile, ResponseInternal, User } from '../types.js'

/** What a flow's `finish` established: who signed in, with which account. */
export interface FlowIdentity {
  user: User
  account: Account
  profile?: Profile | undefined
  /** Passed to the `signIn` callback for credentials sign-ins. */
  credentials?: Record<string, unknown> | undefined
  isNewUser?: boolean | undefined
}

/**
 * One provider kind's part of sign-in. Flows are strategies, not branches: `start` answers POST /signin/{id},
 * `finish` answers /callback/{id}; the `signIn` callback, the session and the redirect happen once, after
 * `finish`, in `completeSignIn`.
 */
export interface SignInFlow {
  /** Methods the callback endpoint accepts for this kind. */
  readonly callbackMethods: ReadonlyArray<'GET' | 'POST'>
  /** Whether a callback POST must carry the CSRF token (credentials: yes; OAuth form_post: no, state binds it). */
  readonly callbackNeedsCsrf: boolean
  start(ctx: RequestContext, provider: ResolvedProvider): Promise<ResponseInternal>
  finish(ctx: RequestContext, provider: ResolvedProvider): Promise<FlowIdentity | ResponseInternal>
  /** GET /webauthn-options/{id}, for kinds that have options. */
  options?(ctx: RequestContext, provider: ResolvedProvider): Promise<ResponseInternal>
}
