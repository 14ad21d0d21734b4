import { hiddenFields } from '../../pages/hidden-fields.js'
import { html, safeUrl, type SafeHtml } from '../../pages/html.js'
import type { SignInSectionInput, SignInSectionRenderer } from '../../pages/sign-in-section.js'

function emailForm({
  provider: p,
  index,
  csrfToken,
  callbackUrl,
  email,
  autofocus,
}: SignInSectionInput): SafeHtml {
  const id = `email-${index}`
  return html`<form class="stack" method="post" action="${safeUrl(p.signinUrl)}">
    ${hiddenFields(csrfToken, callbackUrl)}
    <div class="field">
      <label for="${id}">Email</label>
      <input
        id="${id}"
        name="email"
        type="email"
        autocomplete="email"
        spellcheck="false"
        placeholder="you@example.com"
        required
        value="${email}"
        ${autofocus && html` autofocus`}
      />
    </div>
    <button class="button button-brand" type="submit">Sign in with ${p.name}</button>
  </form>`
}

/** An e-mail provider on the sign-in page: an address field (prefilled only from `?email=`) posting to its sign-in URL. */
export const emailSignInForm: SignInSectionRenderer = (input) => ({
  kind: 'form',
  takesFocus: true,
  markup: emailForm(input),
})
