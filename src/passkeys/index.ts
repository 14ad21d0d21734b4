/**
 * Passkey management for applications: list, rename and delete a user's passkeys, for a page the application
 * builds. Each function takes the configuration (its `adapter` and `providers`) and the signed-in user's id.
 *
 * @example
 * ```ts
 * import { deletePasskey, listPasskeys, renamePasskey } from 'gatehouse-auth/passkeys'
 * ```
 * @module
 */
export { listPasskeys, type PasskeySummary } from './list-passkeys.js'
export { renamePasskey } from './rename-passkey.js'
export { deletePasskey, type DeletePasskeyOptions } from './delete-passkey.js'
export { PasskeyManagementError, type PasskeyManagementReason } from './passkey-management-error.js'
export type { PasskeyConfig } from './passkey-store.js'
