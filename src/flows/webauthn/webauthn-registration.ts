import type { AdapterAuthenticator } from '../../adapters/adapter.js'

/**
 * What a WebAuthn registration's `finish` hands to its `storeUser`: the authenticator to write once the `signIn`
 * callback allowed the registration and the user it belongs to is known.
 */
export interface WebAuthnRegistration {
  authenticator: Omit<AdapterAuthenticator, 'userId'>
}
