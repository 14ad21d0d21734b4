import type { WebAuthnConfig } from '../../providers/provider-types.js'
import type { SignInFlow } from '../sign-in-flow.js'
import type { WebAuthnRegistration } from './webauthn-registration.js'
import { webauthnProblem } from './webauthn-problem.js'
import { webauthnSignInNote, webauthnSignInPageFields } from './webauthn-sign-in-note.js'

// The steps load on the first WebAuthn request, with `@simplewebauthn/server` (see webauthn-functions.ts).
const steps = () => import('./webauthn-steps.js')

/**
 * Passkeys (WebAuthn, wire-contract §4.3): `options` answers GET /webauthn-options/{id} with the options and the
 * challenge cookie; `finish` checks the browser's response posted to /callback/{id} (no CSRF token: the challenge
 * cookie binds the response to the browser, as in Auth.js); `storeUser` writes a new user, account and
 * authenticator once the `signIn` callback allowed a registration. POST /signin/{id} has nothing to start: it
 * shows the sign-in page, where the script is.
 */
export const webauthnFlow: SignInFlow<WebAuthnConfig, WebAuthnRegistration | undefined> = {
  callbackMethods: ['POST'],
  callbackNeedsCsrf: false,
  adapterFeatures: ['webauthn'],
  requiresAdapter: true,
  linksAccounts: false,
  sessionUserFromAdapter: false,
  signInSection: webauthnSignInNote,
  signInPageFields: webauthnSignInPageFields,
  validate: webauthnProblem,

  start(ctx) {
    return Promise.resolve({ redirect: ctx.actionUrl('signin') })
  },
  async options(ctx, provider) {
    return (await steps()).webauthnOptionsAnswer(ctx, provider)
  },
  async finish(ctx, provider) {
    return (await steps()).webauthnFinish(ctx, provider)
  },
  async storeUser(ctx, identity) {
    return (await steps()).linkWebAuthnUser(ctx, identity)
  },
}
