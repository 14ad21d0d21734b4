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
  /** The built-in sign-in page, linked to ask for another link. */
  signinUrl?: string | undefined
  theme: Theme
}

function host(url: string): string | undefined {
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined)

/**
 * Renders the "check your email" page (status 200): a link to the inbox when the theme names one
 * (`theme.inbox`), a way to ask for another link, and a link back to the site when `url` is http(s).
 */
export function renderVerifyRequestPage(opts: VerifyRequestPageOptions): RenderedPage {
  const href = safeUrl(opts.url, '')
  const siteHost = href === '' ? undefined : host(href)
  const inbox = safeUrl(opts.theme.inbox?.url, '')
  const signin = safeUrl(opts.signinUrl, '')
  const body = html`<h1>Check your email</h1>
    <p>A sign-in link is on its way to your inbox. Open it to finish signing in; it works only once.</p>
    ${
      inbox !== '' &&
      html`<p>
        <a class="button button-primary" href="${inbox}"
          >${text(opts.theme.inbox?.label) ?? 'Open your inbox'}</a
        >
      </p>`
    }
    <p class="note">
      Nothing after a few minutes? Look in your spam
      folder${signin === '' ? '.' : html`, or <a href="${signin}">ask for another link</a>.`}
    </p>
    ${siteHost !== undefined && html`<p class="note"><a href="${href}">Back to ${siteHost}</a></p>`}`
  return renderPage({ title: 'Check your email', theme: opts.theme, body })
}
