/** Why a passkey management call refused. */
export type PasskeyManagementCode =
  /** No passkey with this credential id belongs to this user (another user's passkey is reported the same way). */
  | 'not_found'
  /** The adapter lacks the method the call needs (`updateAuthenticator`, `deleteAuthenticator`). */
  | 'not_supported'
  /** A name that is empty, longer than 100 characters, or holds control characters. */
  | 'invalid_name'
  /** Deleting this passkey would leave the user no way to sign in; pass `{ allowLastMethod: true }` to insist. */
  | 'last_sign_in_method'

/**
 * A refusal of `gatehouse-auth/passkeys`, with a `code` the application can branch on; the message says what to do.
 *
 * @example
 * ```ts
 * if (error instanceof PasskeyManagementError && error.code === 'last_sign_in_method') showAddAnotherMethodHint()
 * ```
 */
export class PasskeyManagementError extends Error {
  override name = 'PasskeyManagementError'
  constructor(
    readonly code: PasskeyManagementCode,
    message: string,
  ) {
    super(message)
  }
}
