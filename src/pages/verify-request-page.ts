/**
 * The page shown after a sign-in email was sent.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderVerifyRequestPage} needs. */
export interface VerifyRequestPageOptions {
  /** The application's origin, linked so the user can go back to the site. */
  url: string
  theme: Theme
}

function host(url: string): string | undefined {
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}

/** Renders the "check your email" page (status 200), with a link back to the site when `url` is http(s). */
export function renderVerifyRequestPage(opts: VerifyRequestPageOptions): RenderedPage {
  const href = safeUrl(opts.url, '')
  const siteHost = href === '' ? undefined : host(href)
  const body = html`<h1>Check your email</h1>
    <p>A sign-in link has been sent to your email address. Open it to continue.</p>
    <p class="note">If it does not arrive within a few minutes, look in your spam folder.</p>
    ${siteHost !== undefined && html`<p><a href="${href}">Back to ${siteHost}</a></p>`}`
  return renderPage({ title: 'Check your email', theme: opts.theme, body })
}
