import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import type { ResolvedSignIn } from './resolved-sign-in.js'

/**
 * A step between a sign-in's first factor and its session (a second factor, a forced password change, an
 * enrolment). The resolved configuration lists its gates in order (`signInGates`); each resolved sign-in passes
 * them one by one before `issueSession`. A gate that holds a sign-in answers instead (a redirect to its page): the
 * sign-in then waits, sealed in a short-lived pending cookie, without a session and without `events.signIn`, until
 * the gate's own route opens it (`openPendingSignIn`), checks what it asks for, and lets it on (`resumeSignIn`).
 */
export interface SignInGate {
  /** Names the gate in the pending cookie: only this gate's route may resume what it held. Unique per configuration. */
  readonly name: string
  /** Seconds a held sign-in waits for this gate; default {@link PENDING_SIGN_IN_MAX_AGE}, 5 minutes. */
  readonly maxAge?: number | undefined
  /**
   * `undefined` lets the sign-in pass; an answer holds it here (e.g. `{ redirect: ctx.routeUrl('two-factor') }`,
   * which a client asking for JSON gets as `{ url }`). It must not write anything the sign-in's session depends on:
   * a held sign-in may never be resumed.
   */
  check(ctx: RequestContext, signIn: ResolvedSignIn): Promise<ResponseInternal | undefined>
}

/** How long a held sign-in waits by default: 5 minutes, time to find a phone and type a code. */
export const PENDING_SIGN_IN_MAX_AGE = 5 * 60
