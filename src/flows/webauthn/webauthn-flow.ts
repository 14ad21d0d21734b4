import { kindUnavailable } from '../kind-unavailable.js'
import type { SignInFlow } from '../sign-in-flow.js'
import { webauthnSignInNote } from './webauthn-sign-in-note.js'

/**
 * Passkeys (WebAuthn): shown on the sign-in page and checked at configuration time (the adapter's authenticator
 * methods), but not yet able to sign in; every endpoint answers that (`provider_kind_unavailable`).
 */
export const webauthnFlow: SignInFlow = {
  ...kindUnavailable,
  adapterFeatures: ['webauthn'],
  linksAccounts: false,
  sessionUserFromAdapter: false,
  signInSection: webauthnSignInNote,
}
