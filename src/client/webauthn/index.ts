/**
 * Passkeys for applications with their own sign-in pages, the counterpart of `next-auth/webauthn` on
 * `@simplewebauthn/browser`: importing this module lets `signIn` (this one, or `gatehouse-auth/client`'s and
 * `gatehouse-auth/react`'s, which are the same function) sign in with a WebAuthn provider.
 *
 * @example
 * ```ts
 * import { signIn } from 'gatehouse-auth/webauthn'
 * await signIn('passkey', { action: 'register', email })  // a new user
 * await signIn('passkey')                                 // sign in with a discoverable passkey
 * await signIn('passkey', { action: 'register' })         // add a passkey while signed in
 * ```
 * @module
 */
import { registerProviderSignIn } from '../provider-sign-in.js'
import { webauthnSignIn } from './webauthn-sign-in.js'

registerProviderSignIn('webauthn', webauthnSignIn)

export { signIn } from '../sign-in.js'
export { PasskeyError, passkeyFailureMessage, type PasskeyFailure } from './passkey-failure.js'
export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser'
export type { SignInOptions, SignInResponse, SignInAuthorizationParams } from '../client-types.js'
