/**
 * The page that shows a user's new backup codes, once (at enrolment and after regenerating them).
 *
 * @module
 */
import type { Theme } from '../types.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'
import { TWO_FACTOR_CSS } from './two-factor-challenge-page.js'

/** What {@link renderBackupCodesPage} needs. */
export interface BackupCodesPageOptions {
  codes: readonly string[]
  /** Where "Continue" goes: the sign-in's callback URL. */
  continueUrl: string
  theme: Theme
}

/** Renders the codes with what they are for; they are not shown again. */
export function renderBackupCodesPage(opts: BackupCodesPageOptions): RenderedPage {
  const body = html`<h1>Your backup codes</h1>
    <p>
      Keep these codes somewhere safe. Each signs you in once if you lose your phone. They are not shown
      again.
    </p>
    <ul class="codes" id="backup-codes">
      ${opts.codes.map((code) => html`<li>${code}</li>`)}
    </ul>
    <a class="button button-primary" href="${safeUrl(opts.continueUrl)}">Continue</a>`
  return renderPage({ title: 'Your backup codes', theme: opts.theme, body, css: TWO_FACTOR_CSS })
}
