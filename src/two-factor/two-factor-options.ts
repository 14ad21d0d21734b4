import type { Awaitable, User } from '../types.js'

/**
 * The `twoFactor` option: a second factor (TOTP, backup codes) after every first factor, for users who enrolled,
 * or for every user `required` names. Needs an adapter with the `twoFactor` capability.
 */
export interface TwoFactorOptions {
  /** Shown in the authenticator app beside the account (the `issuer` of the `otpauth://` URI): your product name. */
  issuer: string
  /**
   * Whether a user must have two-factor sign-in: one who has not enrolled yet enrols before their session is
   * issued. `true` for everyone, or a function of the user. Default `false` (two-factor is each user's choice).
   */
  required?: boolean | ((user: User) => boolean | Promise<boolean>) | undefined
  /**
   * Whether a passkey sign-in with user verification (itself two factors: the device and its PIN or biometric)
   * skips the second step. Default `true`.
   */
  passkeySkips?: boolean | undefined
  /**
   * "Remember this browser": for how many days a browser whose user ticked the box skips the second step; `false`
   * never offers it. Default 30. A password change, a reset or "sign out everywhere" voids every remembered browser
   * of the user (`voidTrustedDevices`).
   */
  trustedDevices?: false | { days?: number | undefined } | undefined
}

/** What `events.twoFactor` is told: a change of a user's second factor, with the backup codes left. */
export interface TwoFactorEvent {
  user: { id: string }
  action: 'enabled' | 'disabled' | 'backup-code-used' | 'backup-codes-regenerated'
  /** Unused backup codes after the change (0 when disabled). */
  backupCodesRemaining: number
}

export type { Awaitable }
