/**
 * The page an e-mail sign-in link opens: one button that signs in.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { hiddenFields } from './hidden-fields.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderEmailConfirmPage} needs. */
export interface EmailConfirmPageOptions {
  /** The form's action: the provider's callback endpoint. */
  url: string
  csrfToken: string
  /** From the link, posted back as they are. */
  token: string
  email: string
  callbackUrl?: string | undefined
  theme: Theme
}

/**
 * Renders "You are signing in to {host} as alice@example.com" and one button. Opening the link changes nothing: mail scanners and
 * link previews fetch it without using the token; the button's POST (with the CSRF token, checked as same-origin)
 * does. No script, like every built-in page.
 */
export function renderEmailConfirmPage(opts: EmailConfirmPageOptions): RenderedPage {
  const host = new URL(opts.url).host
  const body = html`<h1>Finish signing in</h1>
    <p>You are signing in to ${host} as <strong>${opts.email}</strong>.</p>
    <form method="post" action="${safeUrl(opts.url)}">
      ${hiddenFields(opts.csrfToken, opts.callbackUrl)}
      <input type="hidden" name="token" value="${opts.token}" />
      <input type="hidden" name="email" value="${opts.email}" />
      <button class="button button-primary" type="submit">Sign in</button>
    </form>
    <p class="note">
      If you did not ask to sign in, close this page: nothing happens until you press the button.
    </p>`
  const page = renderPage({ title: 'Sign in', theme: opts.theme, body })
  // The token is in this page's URL: `same-origin` keeps it from every other site (as `no-referrer` would) while
  // the button's POST keeps a real `Origin` header, which the callback checks; under `no-referrer` browsers send
  // `Origin: null`.
  page.headers['Referrer-Policy'] = 'same-origin'
  return page
}
