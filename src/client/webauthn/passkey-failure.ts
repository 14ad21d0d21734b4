/**
 * Why a passkey did not sign anyone in, each with its own message: the built-in sign-in page's script and
 * `gatehouse-auth/webauthn`'s `signIn` tell them apart the same way.
 *
 * @module
 */

/**
 * A passkey failure: `AccountExists` (creating a passkey for an address that already has an account, signed
 * out), `EmailRequired` (creating one without an address), `NoPasskey` (the site has no passkey for the address),
 * `PasskeyCancelled` (the prompt was closed or refused), `PasskeyTimedOut`, `PasskeyAlreadyRegistered` (this
 * device already holds one for the account), `PasskeysUnsupported`, or `PasskeyFailed` (anything else).
 */
export type PasskeyFailure =
  | 'AccountExists'
  | 'EmailRequired'
  | 'NoPasskey'
  | 'PasskeyCancelled'
  | 'PasskeyTimedOut'
  | 'PasskeyAlreadyRegistered'
  | 'PasskeysUnsupported'
  | 'PasskeyFailed'

const MESSAGES: Readonly<Record<PasskeyFailure, string>> = Object.freeze({
  AccountExists:
    'This email address already has an account. Sign in to it first (another way, or with its passkey), then create a passkey.',
  EmailRequired: 'Enter your email address to create a passkey.',
  NoPasskey: 'There is no passkey for this email address on this site. Create one, or sign in another way.',
  PasskeyCancelled: 'The passkey prompt was closed before it finished. Try again when you are ready.',
  PasskeyTimedOut: 'The passkey prompt timed out. Try again, and confirm on your device when it asks.',
  PasskeyAlreadyRegistered: 'This device already holds a passkey for this account. Sign in with it instead.',
  PasskeysUnsupported: 'This browser cannot use passkeys. Please sign in another way.',
  PasskeyFailed: 'The passkey could not be used. Try again, or sign in another way.',
})

/**
 * The message for a passkey failure, for a page to show.
 *
 * @example
 * ```ts
 * const result = await signIn('passkey', { redirect: false })
 * if (result?.error) status.textContent = passkeyFailureMessage(result.error)
 * ```
 */
export function passkeyFailureMessage(failure: string): string {
  return Object.hasOwn(MESSAGES, failure) ? MESSAGES[failure as PasskeyFailure] : MESSAGES.PasskeyFailed
}

/** A passkey sign-in that did not happen: `failure` says why, `message` says it to a person. */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError'
  /** Why, as {@link PasskeyFailure}. */
  readonly failure: PasskeyFailure

  /** `cause` is the browser's error or the server's answer. */
  constructor(failure: PasskeyFailure, options?: { cause?: unknown }) {
    super(MESSAGES[failure], options)
    this.failure = failure
  }
}

/** What the options answer said, for {@link ceremonyFailure}. */
export interface CeremonyContext {
  action: 'authenticate' | 'register'
  /** `performance.now()` when the prompt was opened, and when it failed. */
  startedAt: number
  endedAt: number
  /** The options' `timeout` in milliseconds, if any. */
  timeout: number | undefined
  /** Whether an address was given and the site listed no passkey for it (`allowCredentials` empty). */
  noPasskeyForAddress: boolean
}

// Browsers end a prompt a little before or after its nominal timeout; within 5% it is taken as the timeout.
const TIMEOUT_SLACK = 0.95

/**
 * Why a ceremony (`navigator.credentials.get` / `create`) failed. WebAuthn gives the same `NotAllowedError` for a
 * closed prompt, a refusal and a timeout (on purpose: a page must not learn which credentials a device holds), so
 * a timeout is told by the time the prompt stayed open, and "no passkey" by what the site itself knows (it listed
 * none for the address typed).
 */
export function ceremonyFailure(error: unknown, ctx: CeremonyContext): PasskeyFailure {
  const name = error instanceof Error ? error.name : ''
  if (name === 'InvalidStateError' && ctx.action === 'register') return 'PasskeyAlreadyRegistered'
  if (name === 'NotSupportedError') return 'PasskeysUnsupported'
  if (name === 'AbortError') return 'PasskeyCancelled'
  if (name !== 'NotAllowedError') return 'PasskeyFailed'
  if (
    ctx.timeout !== undefined &&
    ctx.timeout > 0 &&
    ctx.endedAt - ctx.startedAt >= ctx.timeout * TIMEOUT_SLACK
  ) {
    return 'PasskeyTimedOut'
  }
  if (ctx.action === 'authenticate' && ctx.noPasskeyForAddress) return 'NoPasskey'
  return 'PasskeyCancelled'
}

/**
 * Why the options request (`GET {basePath}/webauthn-options/{id}`) was refused: Gatehouse names an existing
 * account (`code: "AccountExists"` beside Auth.js's `error: "Invalid request"`); a registration without an address
 * needs one; anything else is `PasskeyFailed`.
 */
export function optionsFailure(
  body: { code?: unknown } | undefined,
  action: 'authenticate' | 'register' | undefined,
  email: string,
): PasskeyFailure {
  if (body?.code === 'AccountExists') return 'AccountExists'
  if (action === 'register' && email.trim() === '') return 'EmailRequired'
  return 'PasskeyFailed'
}

/** Whether the options listed no passkey for an address that was given (`allowCredentials` empty). */
export function noPasskeyForAddress(options: unknown, email: string): boolean {
  if (email.trim() === '' || typeof options !== 'object' || options === null) return false
  const allow = (options as { allowCredentials?: unknown }).allowCredentials
  return !Array.isArray(allow) || allow.length === 0
}

/** The options' `timeout` in milliseconds, when it is a positive number. */
export function optionsTimeout(options: unknown): number | undefined {
  const timeout =
    typeof options === 'object' && options !== null ? (options as { timeout?: unknown }).timeout : undefined
  return typeof timeout === 'number' && timeout > 0 ? timeout : undefined
}
