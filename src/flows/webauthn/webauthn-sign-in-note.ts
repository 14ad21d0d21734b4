import type { WebAuthnConfig } from '../../providers/provider-types.js'
import { hiddenFields } from '../../pages/hidden-fields.js'
import { html, safeUrl } from '../../pages/html.js'
import type { SignInPageProvider } from '../../pages/sign-in-page-provider.js'
import { mainButtonClass, type SignInSectionRenderer } from '../../pages/sign-in-section.js'
import { webauthnScriptAsset } from '../../pages/webauthn-script-asset.js'

// `[hidden]` loses to `.stack{display:flex}` without this; the form stays hidden until the script shows it.
const CSS = '.passkey[hidden],.passkey [hidden]{display:none}'

/** `{basePath}` as an absolute URL, from the provider's callback URL `{origin}{basePath}/callback/{id}`. */
function baseOf(callbackUrl: string): string | undefined {
  const at = callbackUrl.lastIndexOf('/callback/')
  return at > 0 ? callbackUrl.slice(0, at) : undefined
}

/**
 * What the section reads of a WebAuthn provider beyond its URLs (the flow's `signInPageFields`): the `email` entry of
 * `formFields` (label, autocomplete) and `enableConditionalUI`.
 */
export function webauthnSignInPageFields(provider: WebAuthnConfig): Partial<SignInPageProvider> {
  return {
    ...(provider.formFields ? { formFields: provider.formFields } : {}),
    conditionalUI: provider.enableConditionalUI !== false,
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined)

/**
 * A WebAuthn provider on the sign-in page: an e-mail field with passkey autofill (`autocomplete="username
 * webauthn"`, a conditional request started by the script), "Sign in with a passkey" and "Create a passkey". The
 * form is `hidden` until the page script (served from `{basePath}/webauthn-script/{hash}.js`, allowed by its hash)
 * shows it, so a browser without script sees a note instead of buttons that do nothing, and the other providers'
 * forms keep working. The script fetches the options, runs the ceremony and posts `action` and `data` with this
 * form to the callback, like any other form of the page.
 *
 * The export keeps its first name (this file used to render only a note): the flow table imports it.
 */
export const webauthnSignInNote: SignInSectionRenderer = ({
  provider: p,
  index,
  csrfToken,
  callbackUrl,
  email,
  primary,
}) => {
  const base = baseOf(p.callbackUrl)
  if (base === undefined) {
    return { kind: 'note', markup: html`<p class="note">${p.name} is not available on this page.</p>` }
  }
  const asset = webauthnScriptAsset()
  const optionsUrl = `${base}/webauthn-options/${encodeURIComponent(p.id)}`
  const id = `webauthn-${index}-email`
  const spec = p.formFields?.['email']
  const autofill = p.conditionalUI !== false
  // Autofill needs `webauthn` in the field's autocomplete; configuration refuses conditional UI without it.
  const autocomplete = text(spec?.autocomplete) ?? (autofill ? 'username webauthn' : 'username')
  // Auth.js's default label, "Email", would read like the password form's field: say what this one is for.
  const configured = text(spec?.label)
  const label = configured === undefined || configured === 'Email' ? 'Email for a new passkey' : configured
  return {
    kind: 'form',
    title: p.name,
    intro: 'Use a passkey saved on this device or your phone, or create one with your email address.',
    idPrefix: `webauthn-${index}`,
    // A hidden field cannot take the page's autofocus: without script it would go nowhere.
    takesFocus: false,
    takesPrimary: true,
    css: CSS,
    script: { src: `${base}/webauthn-script/${asset.fileName}`, sha256: asset.sha256 },
    connect: `${base}/webauthn-options/`,
    markup: html`<form
        class="stack passkey"
        method="post"
        action="${safeUrl(p.callbackUrl)}"
        data-webauthn-options="${safeUrl(optionsUrl)}"
        data-webauthn-autofill="${autofill ? 'true' : 'false'}"
        hidden
      >
        ${hiddenFields(csrfToken, callbackUrl)}
        <input type="hidden" name="action" value="" />
        <input type="hidden" name="data" value="" />
        <p class="alert" role="status" aria-live="polite" data-webauthn-status hidden></p>
        <button class="${mainButtonClass(primary)}" type="button" data-webauthn-action="authenticate">
          Sign in with a passkey
        </button>
        <div class="field">
          <label for="${id}">${label}</label>
          <input
            id="${id}"
            name="email"
            type="email"
            autocomplete="${autocomplete}"
            ${email !== undefined && email !== '' && html`value="${email}"`}
          />
        </div>
        <button class="button button-secondary" type="button" data-webauthn-action="register">
          Create a passkey
        </button>
      </form>
      <noscript><p class="note">Signing in with ${p.name} needs JavaScript.</p></noscript>`,
  }
}
