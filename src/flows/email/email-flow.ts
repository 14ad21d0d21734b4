import { kindUnavailable } from '../kind-unavailable.js'
import type { SignInFlow } from '../sign-in-flow.js'
import { emailSignInForm } from './email-sign-in-form.js'

/**
 * E-mail links: shown on the sign-in page and checked at configuration time (the adapter's verification-token
 * methods), but not yet able to sign in; every endpoint answers that (`provider_kind_unavailable`).
 */
export const emailFlow: SignInFlow = {
  ...kindUnavailable,
  adapterFeatures: ['email'],
  linksAccounts: false,
  sessionUserFromAdapter: false,
  signInSection: emailSignInForm,
}
