/**
 * The WebAuthn steps, in one module that `webauthn-flow.ts` imports on first use, so that `@simplewebauthn/server`
 * is loaded only by applications that sign in with passkeys.
 *
 * @module
 */
export { webauthnOptionsAnswer } from './webauthn-options-answer.js'
export { webauthnFinish } from './webauthn-finish.js'
export { linkWebAuthnUser } from './link-webauthn-user.js'
