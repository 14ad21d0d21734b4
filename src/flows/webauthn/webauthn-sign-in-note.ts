import { html } from '../../pages/html.js'
import type { SignInSectionRenderer } from '../../pages/sign-in-section.js'

/** A WebAuthn provider on the sign-in page: a note, since passkeys need `navigator.credentials`, i.e. a script. */
export const webauthnSignInNote: SignInSectionRenderer = ({ provider: p }) => ({
  kind: 'note',
  // This page runs no script, by design.
  markup: html`<p class="note">
    To sign in with ${p.name}, use the application's own sign-in button: passkeys need a script, which this
    page does not run.
  </p>`,
})
