/**
 * The two-factor setup page: enrolment (QR code, `otpauth://` URI and secret, a first code to confirm), or, for a
 * user already enrolled, regenerating backup codes and turning two-factor off (each with a current code).
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl, SafeHtml } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'
import { TWO_FACTOR_CSS } from './two-factor-challenge-page.js'

/** What {@link renderTwoFactorSetupPage} needs. */
export type TwoFactorSetupPageOptions = {
  csrfToken: string
  theme: Theme
  error?: 'invalid' | 'locked' | undefined
} & (
  | {
      state: 'enrol'
      /** `{basePath}/two-factor/setup`. */
      url: string
      uri: string
      secret: string
      /** The QR code of `uri`, inline SVG from the QR library (geometry only, no text of the URI). */
      qrSvg: string
    }
  | {
      state: 'enabled'
      /** `{basePath}/two-factor/backup-codes`. */
      regenerateUrl: string
      /** `{basePath}/two-factor/disable`. */
      disableUrl: string
      backupCodesRemaining: number
    }
)

const MESSAGES = {
  invalid: 'That code is not valid. Type the current code from your app.',
  locked: 'Too many wrong codes. Wait a few minutes and try again.',
} as const

function codeField(id: string, label: string): SafeHtml {
  return html`<div class="field">
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="code"
      type="text"
      inputmode="numeric"
      autocomplete="one-time-code"
      maxlength="16"
      required
    />
  </div>`
}

/** Renders enrolment, or the enrolled user's options. */
export function renderTwoFactorSetupPage(opts: TwoFactorSetupPageOptions): RenderedPage {
  const error = opts.error === undefined ? undefined : MESSAGES[opts.error]
  const alert = error !== undefined && html`<div class="alert" role="alert"><p>${error}</p></div>`
  if (opts.state === 'enrol') {
    const body = html`<h1>Set up two-factor sign-in</h1>
      ${alert}
      <p>Scan this code with an authenticator app, then type the 6-digit code it shows.</p>
      <div class="qr" role="img" aria-label="QR code of the setup key">${new SafeHtml(opts.qrSvg)}</div>
      <p class="note">Can't scan it? Enter this key in the app:</p>
      <p class="secret" id="two-factor-secret">${opts.secret}</p>
      <p class="note uri" id="two-factor-uri">${opts.uri}</p>
      <form class="stack" method="post" action="${safeUrl(opts.url)}">
        ${hiddenFields(opts.csrfToken, undefined)} ${codeField('two-factor-code', 'Code from your app')}
        <button class="button button-primary" type="submit">Turn on two-factor sign-in</button>
      </form>`
    return renderPage({ title: 'Set up two-factor sign-in', theme: opts.theme, body, css: TWO_FACTOR_CSS })
  }
  const body = html`<h1>Two-factor sign-in is on</h1>
    ${alert}
    <p>You have ${opts.backupCodesRemaining} unused backup codes.</p>
    <form class="stack" method="post" action="${safeUrl(opts.regenerateUrl)}">
      ${hiddenFields(opts.csrfToken, undefined)} ${codeField('regenerate-code', 'Current code')}
      <button class="button button-secondary" type="submit">New backup codes</button>
    </form>
    <div class="separator">or</div>
    <form class="stack" method="post" action="${safeUrl(opts.disableUrl)}">
      ${hiddenFields(opts.csrfToken, undefined)} ${codeField('disable-code', 'Current code or a backup code')}
      <button class="button button-secondary" type="submit">Turn off two-factor sign-in</button>
    </form>`
  return renderPage({ title: 'Two-factor sign-in', theme: opts.theme, body, css: TWO_FACTOR_CSS })
}
