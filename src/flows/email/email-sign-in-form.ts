import { hiddenFields } from '../../pages/hidden-fields.js'
import { html, safeUrl, type SafeHtml } from '../../pages/html.js'
import {
  mainButtonClass,
  type SignInSectionInput,
  type SignInSectionRenderer,
} from '../../pages/sign-in-section.js'

function emailForm({
  provider: p,
  index,
  csrfToken,
  callbackUrl,
  email,
  autofocus,
  primary,
}: SignInSectionInput): SafeHtml {
  const id = `email-${index}`
  // "Email address", not the password form's "Email": the two fields must be told apart by name, not by position.
  return html`<form class="stack" method="post" action="${safeUrl(p.signinUrl)}">
    ${hiddenFields(csrfToken, callbackUrl)}
    <div class="field">
      <label for="${id}">Email address</label>
      <input
        id="${id}"
        name="email"
        type="email"
        autocomplete="email"
        spellcheck="false"
        placeholder="you@example.com"
        aria-describedby="${id}-intro"
        required
        value="${email}"
        ${autofocus && html` autofocus`}
      />
    </div>
    <button class="${mainButtonClass(primary)}" type="submit">Email me a link</button>
  </form>`
}

/**
 * An e-mail provider on the sign-in page: "Email me a sign-in link", an address field (prefilled only from
 * `?email=`) posting to its sign-in URL.
 */
export const emailSignInForm: SignInSectionRenderer = (input) => ({
  kind: 'form',
  title: 'Email me a sign-in link',
  intro: 'We will send a link to your inbox that signs you in, with no password.',
  idPrefix: `email-${input.index}`,
  takesFocus: true,
  takesPrimary: true,
  markup: emailForm(input),
})
