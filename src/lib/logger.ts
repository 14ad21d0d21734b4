import { AuthError, isClientError, type ConfigIssue } from '../errors.js'
import type { LoggerInstance, WarningCode } from '../types.js'

const warningText: Record<WarningCode, string> = {
  'debug-enabled': 'Debug logging is on: it prints tokens and cookies. Turn `debug` off in production.',
  'csrf-disabled':
    'CSRF protection is off (`skipCSRFCheck`). Only a framework that checks the origin itself may do this.',
  'env-url-basepath-redundant':
    '`basePath` and the path of `AUTH_URL` both set the mount path; `basePath` wins.',
  'env-url-basepath-mismatch': 'The path of `AUTH_URL` differs from `basePath`; `basePath` is used.',
  'experimental-webauthn': 'WebAuthn is experimental: its API may change.',
  'short-secret': 'The secret is shorter than 32 characters. Generate one with `npx gatehouse-auth secret`.',
  'generated-secret': 'No secret was configured; a generated one is used.',
  'sign-out-everywhere-unsupported':
    'Signing out everywhere needs database sessions and an adapter with `deleteSessions`; only this browser was signed out.',
  'provider-renamed': 'A provider id that Auth.js has retired or renamed is in use; switch to the new id.',
  'email-send-limit': 'A sign-in e-mail was not sent: a send limit was reached.',
  'stores-not-shared':
    "A server database adapter is configured, but the `stores` are in this process's memory: fine for one instance. " +
    'With several instances, limits count per instance and a single-use value (a passkey challenge) can be used ' +
    'once on each: give every instance one shared store for both roles, `stores: { limits: store, singleUse: ' +
    "store }` with a RedisStore (gatehouse-auth/stores/redis) or the database's own (PostgresStore, MySQLStore).",
  'password-throttle-store-down':
    "A password attempt was not counted: `stores.limits` failed and the Password provider's " +
    "`throttle.whenStoreDown` is 'allow', so it was checked without the throttle.",
}

/** The configuration problem an error reports (`cause.issue`), and on a request's line how many there are in all. */
function configProblem(error: Error): { issue: ConfigIssue; issueCount: number | undefined } | undefined {
  const cause = (error as { cause?: unknown }).cause as
    { issue?: ConfigIssue; issueCount?: number } | undefined
  if (!(error instanceof AuthError) || typeof cause?.issue !== 'object') return undefined
  return { issue: cause.issue, issueCount: cause.issueCount }
}

/**
 * Writes one error with its precise reason and the chain of causes, so the log says what actually failed. A
 * configuration error is written without a stack (it would only point into Gatehouse's resolver): the list in full
 * once, then one line per request.
 */
function logError(error: Error): void {
  const type = error instanceof AuthError ? error.type : error.name
  const problem = configProblem(error)
  if (problem) {
    const { issueCount } = problem
    const note =
      issueCount === undefined
        ? ''
        : ` (${issueCount === 1 ? 'the configuration problem' : `1 of ${issueCount} configuration problems`}, ` +
          'listed when the configuration was resolved; answering with the configuration error)'
    console.error(`[gatehouse][error] ${type}: ${error.message}${note}`)
    return
  }
  const reason = error instanceof AuthError && error.reason ? ` (${error.reason})` : ''
  console.error(`[gatehouse][error] ${type}${reason}: ${error.message}`)
  if (error instanceof AuthError && error.reason === 'invalid_configuration') return
  let cause: unknown = error.cause
  for (let depth = 0; cause && depth < 5; depth++) {
    const inner = cause instanceof Error ? cause : (cause as { err?: unknown }).err
    if (!(inner instanceof Error)) break
    console.error(`[gatehouse][cause] ${inner.stack ?? inner.message}`)
    cause = inner.cause
  }
  // A refused password or a stale form is routine: one line. Anything else gets its stack.
  if (error.stack && !isClientError(error)) console.error(`[gatehouse][stack] ${error.stack}`)
}

/**
 * Builds the logger from the user's partial one: missing methods fall back to the console, and `debug` output is
 * only written when `debug` is on (a user logger receives every debug call, as in Auth.js).
 */
export function createLogger(user: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  return {
    error: user?.error?.bind(user) ?? logError,
    warn:
      user?.warn?.bind(user) ??
      ((code: WarningCode, message?: string) =>
        console.warn(`[gatehouse][warn] ${code}: ${message ?? warningText[code]}`)),
    debug:
      user?.debug?.bind(user) ??
      (debug
        ? (message: string, metadata?: unknown) =>
            console.debug(`[gatehouse][debug] ${message}`, metadata === undefined ? '' : metadata)
        : () => {}),
  }
}

/** The default text of a warning code. */
export function warningMessage(code: WarningCode): string {
  return warningText[code]
}
