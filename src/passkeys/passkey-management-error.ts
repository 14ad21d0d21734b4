/**
 * The refusal of `gatehouse-auth/passkeys`; the class is part of Gatehouse's one error vocabulary (`errors.ts`).
 *
 * @module
 */
export { PasskeyManagementError, type PasskeyManagementReason } from '../errors.js'
