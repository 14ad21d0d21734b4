/**
 * The two-factor challenge page: where a sign-in held by the two-factor gate asks for a code.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderTwoFactorChallengePage} needs. */
export interface TwoFactorChallengePageOptions {
  /** The form's action: `{basePath}/callback/two-factor`. */
  url: string
  csrfToken: string
  /** Days a remembered browser skips the step; 0 offers no "remember" box. */
  rememberDays: number
  /** A refused code (`invalid`) or too many tries (`locked`); one message for a wrong TOTP and a wrong backup code. */
  error?: 'invalid' | 'locked' | undefined
  /** Where "Cancel" goes: the sign-in page. */
  signinUrl: string
  theme: Theme
}

/** The extra CSS of the two-factor pages: a checkbox row, the QR code and the list of backup codes. */
export const TWO_FACTOR_CSS =
  '.check{display:flex;align-items:center;gap:.5rem;font-weight:400}.check input{width:auto;min-height:0}' +
  '.qr{display:block;width:12rem;height:12rem;margin:0 auto 1rem}.qr svg{width:100%;height:100%}' +
  '.secret,.codes{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}' +
  '.codes{columns:2;margin:0 0 1rem;padding-left:1.25rem}.uri{margin-bottom:1rem;overflow-wrap:anywhere}'

const MESSAGES = {
  invalid: 'That code is not valid. Try the current code from your app, or a backup code.',
  locked: 'Too many wrong codes. Wait a few minutes, then sign in again.',
} as const

/** Renders the challenge: one field for a 6-digit code or a backup code, "remember this browser", Verify. */
export function renderTwoFactorChallengePage(opts: TwoFactorChallengePageOptions): RenderedPage {
  const error = opts.error === undefined ? undefined : MESSAGES[opts.error]
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
    <p class="note">Lost your phone? Type one of your backup codes instead.</p>
    <p class="note"><a href="${safeUrl(opts.signinUrl)}">Cancel and sign in again</a></p>`
  return renderPage({ title: 'Two-factor sign-in', theme: opts.theme, body, css: TWO_FACTOR_CSS })
}
