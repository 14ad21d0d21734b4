/**
 * Gatehouse's own error classes (Auth.js has none of these): a broken configuration with all its issues, and the
 * refusals of the helpers applications call (`normalizeEmailAddress`, passkey management, token refresh).
 *
 * @module
 */
import type { PasskeyManagementReason, TokenRefreshReason } from '../error-reason.js'
import { AuthError } from './auth-error.js'

/**
 * The Auth.js class a configuration problem corresponds to; `AuthError` where Auth.js has no class of its own for
 * it (as Auth.js itself logs an invalid `simpleWebAuthnBrowserVersion`).
 */
export type ConfigIssueType =
  | 'AuthError'
  | 'DuplicateConditionalUI'
  | 'ExperimentalFeatureNotEnabled'
  | 'InvalidEndpoints'
  | 'MissingAdapter'
  | 'MissingAdapterMethods'
  | 'MissingAuthorize'
  | 'MissingSecret'
  | 'MissingWebAuthnAutocomplete'
  | 'UnsupportedStrategy'
  | 'UntrustedHost'

/** One problem of a configuration: which option, what is wrong, what to do, and its Auth.js class. */
export interface ConfigIssue {
  /** The option at fault as the configuration names it: `secret`, `providers[0] (github).clientId`, `AUTH_URL`. */
  readonly option: string
  /** What is wrong with it. */
  readonly problem: string
  /** What to do about it, naming the environment variables to set where there are some. */
  readonly fix: string
  /** The Auth.js error class this problem corresponds to (its `type`). */
  readonly type: ConfigIssueType
  /** The message Auth.js logs for this problem where it has one (`Please define a \`secret\``), else `problem`. */
  readonly message: string
}

/**
 * A configuration that cannot work, with every problem found in it at once ({@link ConfigError.issues}). While a
 * configuration is broken, every request is answered with Auth.js's configuration error (a 500).
 *
 * @example
 * ```ts
 * logger: { error: (e) => e instanceof ConfigError ? alert(e.issues) : report(e) }
 * ```
 */
export class ConfigError extends AuthError {
  static readonly type = 'ConfigError'
  declare type: 'ConfigError'
  /** Every problem found, in the order the configuration was checked. */
  readonly issues: readonly ConfigIssue[]

  constructor(issues: readonly ConfigIssue[]) {
    const list = issues
      .map((issue, i) => `  ${i + 1}. ${issue.option} (${issue.type}): ${issue.problem} ${issue.fix}`)
      .join('\n')
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`
    super(`Gatehouse configuration has ${count}:\n${list}`, { reason: 'invalid_configuration' })
    this.issues = Object.freeze([...issues])
  }
}

/** An e-mail address refused by `normalizeEmailAddress`; the message says why. */
export class InvalidEmailAddress extends AuthError {
  static readonly type = 'InvalidEmailAddress'
  declare type: 'InvalidEmailAddress'

  constructor(message: string) {
    super(message, { reason: 'email_address_invalid' })
  }
}

/**
 * A refusal of `gatehouse-auth/passkeys`, with a `reason` the application can branch on; the message says what to do.
 *
 * @example
 * ```ts
 * if (error instanceof PasskeyManagementError && error.reason === 'last_sign_in_method') showAddAnotherMethodHint()
 * ```
 */
export class PasskeyManagementError extends AuthError {
  static readonly type = 'PasskeyManagementError'
  declare type: 'PasskeyManagementError'
  declare reason: PasskeyManagementReason

  constructor(message: string, options: { reason: PasskeyManagementReason }) {
    super(message, options)
  }
}

/**
 * A refresh of provider tokens that failed: `reason` is `provider_error:{error}` when the provider refused (e.g.
 * `provider_error:invalid_grant`), else what went wrong on this side.
 */
export class TokenRefreshError extends AuthError {
  static readonly type = 'TokenRefreshError'
  declare type: 'TokenRefreshError'
  declare reason: TokenRefreshReason

  constructor(message: string, options: { reason: TokenRefreshReason; cause?: unknown }) {
    super(message, options)
  }
}
