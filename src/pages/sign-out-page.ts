/**
 * The built-in sign-out confirmation page.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderSignOutPage} needs. */
export interface SignOutPageOptions {
  /** The form's action: the sign-out endpoint. */
  url: string
  csrfToken: string
  callbackUrl?: string | undefined
  theme: Theme
}

/**
 * Renders the page that asks for confirmation; signing out is a POST with the CSRF token, so that a link or an
 * image on another site cannot sign the user out. "Stay signed in" goes to the callback URL without signing out.
 */
export function renderSignOutPage(opts: SignOutPageOptions): RenderedPage {
  const back = safeUrl(opts.callbackUrl, '')
  const body = html`<h1>Sign out</h1>
    <p>Are you sure you want to sign out?</p>
    <form class="actions" method="post" action="${safeUrl(opts.url)}">
      ${hiddenFields(opts.csrfToken, opts.callbackUrl)}
      <button class="button button-primary" type="submit">Sign out</button>
      ${back !== '' && html`<a class="button button-secondary" href="${back}">Stay signed in</a>`}
    </form>`
  return renderPage({ title: 'Sign out', theme: opts.theme, body })
}
