/**
 * The two-factor challenge page: where a sign-in held by the two-factor gate asks for a code.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'
import type { PageScript } from './sign-in-section.js'

/** The "Use a passkey" button: where its script fetches the options, and the script itself. */
export interface TwoFactorPasskeyButton {
  /** `{basePath}/two-factor/passkey-options`. */
  optionsUrl: string
  /** The sign-in page's passkey script file, allowed by its hash. */
  script: PageScript
}

/** What {@link renderTwoFactorChallengePage} needs. */
export interface TwoFactorChallengePageOptions {
  /** The form's action: `{basePath}/callback/two-factor`. */
  url: string
  csrfToken: string
  /** Days a remembered browser skips the step; 0 offers no "remember" box. */
  rememberDays: number
  /**
   * A refused code (`invalid`; one message for a wrong TOTP and a wrong backup code), a refused passkey (`passkey`)
   * or too many tries (`locked`).
   */
  error?: 'invalid' | 'locked' | 'passkey' | undefined
  /** Where "Cancel" goes: the sign-in page. */
  signinUrl: string
  /** Offered when the held user has a passkey and a passkey provider is configured. */
  passkey?: TwoFactorPasskeyButton | undefined
  theme: Theme
}

/** The extra CSS of the two-factor pages: a checkbox row, the QR code and the list of backup codes. */
export const TWO_FACTOR_CSS =
  '.check{display:flex;align-items:center;gap:.5rem;font-weight:400}.check input{width:auto;min-height:0}' +
  '.qr{display:block;width:12rem;height:12rem;margin:0 auto 1rem}.qr svg{width:100%;height:100%}' +
  '.secret,.codes{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}' +
  '.codes{columns:2;margin:0 0 1rem;padding-left:1.25rem}.uri{margin-bottom:1rem;overflow-wrap:anywhere}'

// `[hidden]` loses to `.stack{display:flex}` without this; the passkey form stays hidden until its script shows it.
const PASSKEY_CSS = '.passkey[hidden],.passkey [hidden]{display:none}'

const MESSAGES = {
  invalid: 'That code is not valid. Try the current code from your app, or a backup code.',
  locked: 'Too many wrong codes. Wait a few minutes, then sign in again.',
  passkey: 'That passkey was not accepted. Use a passkey of this account, or type a code.',
} as const

/**
 * Renders the challenge: one field for a 6-digit code or a backup code, "remember this browser", Verify; and, when
 * `passkey` is given, "Use a passkey": a second form, hidden until the sign-in page's passkey script (the same
 * file) shows it, which fetches the options, runs the ceremony and posts its answer as `passkey` to the callback.
 */
export function renderTwoFactorChallengePage(opts: TwoFactorChallengePageOptions): RenderedPage {
  const error = opts.error === undefined ? undefined : MESSAGES[opts.error]
  const passkey = opts.passkey
  const body = html`<h1>Two-factor sign-in</h1>
    ${error !== undefined && html`<div class="alert" role="alert"><p>${error}</p></div>`}
    <form class="stack" method="post" action="${safeUrl(opts.url)}">
      ${hiddenFields(opts.csrfToken, undefined)}
      <div class="field">
        <label for="two-factor-code">Code from your authenticator app</label>
        <input
          id="two-factor-code"
          name="code"
          type="text"
          inputmode="numeric"
          autocomplete="one-time-code"
          maxlength="16"
          required
          autofocus
        />
      </div>
      ${
        opts.rememberDays > 0 &&
        html`<label class="check"
          ><input type="checkbox" name="remember" value="1" /> Remember this browser for ${opts.rememberDays}
          days</label
        >`
      }
      <button class="button button-primary" type="submit">Verify</button>
    </form>
    ${
      passkey !== undefined &&
      html`<form
        class="stack passkey"
        method="post"
        action="${safeUrl(opts.url)}"
        data-webauthn-options="${safeUrl(passkey.optionsUrl)}"
        data-webauthn-field="passkey"
        data-webauthn-autofill="false"
        hidden
      >
        ${hiddenFields(opts.csrfToken, undefined)}
        <input type="hidden" name="passkey" value="" />
        <p class="alert" role="status" aria-live="polite" data-webauthn-status hidden></p>
        <button class="button button-secondary" type="button" data-webauthn-action="authenticate">
          Use a passkey
        </button>
      </form>`
    }
    <p class="note">Lost your phone? Type one of your backup codes instead.</p>
    <p class="note"><a href="${safeUrl(opts.signinUrl)}">Cancel and sign in again</a></p>`
  return renderPage({
    title: 'Two-factor sign-in',
    theme: opts.theme,
    body,
    css: passkey === undefined ? TWO_FACTOR_CSS : TWO_FACTOR_CSS + PASSKEY_CSS,
    ...(passkey === undefined ? {} : { scripts: [passkey.script], connect: [passkey.optionsUrl] }),
  })
}
