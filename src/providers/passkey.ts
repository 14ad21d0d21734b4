import WebAuthn, {
  DEFAULT_WEBAUTHN_TIMEOUT,
  type WebAuthnOptions,
  type WebAuthnProvider,
} from './webauthn.js'

export type { WebAuthnConfig } from './provider-types.js'

/**
 * A passkey provider: {@link WebAuthn} with id `passkey`, where the credential must be discoverable (a resident
 * key, so the user signs in without typing an address) and the authenticator must verify the user (PIN,
 * biometrics) at registration and at every sign-in. Options given here replace these defaults, as in Auth.js.
 *
 * @example
 * ```ts
 * providers: [Passkey()]
 * ```
 */
export default function Passkey(options: WebAuthnOptions = {}): WebAuthnProvider {
  return WebAuthn({
    id: 'passkey',
    name: 'Passkey',
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: 'required' },
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    },
    verifyAuthenticationOptions: { requireUserVerification: true },
    verifyRegistrationOptions: { requireUserVerification: true },
    ...options,
  })
}

export { Passkey }
