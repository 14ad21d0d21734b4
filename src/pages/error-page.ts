/**
 * The built-in error page, with the HTTP status Auth.js gives each error.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { html, safeUrl } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderErrorPage} needs; `error` comes from the query string. */
export interface ErrorPageOptions {
  error?: string | undefined
  /** The built-in sign-in page, `{origin}{basePath}/signin`. */
  signinUrl: string
  theme: Theme
}

interface ErrorContent {
  readonly status: number
  readonly heading: string
  readonly message: string
}

const KNOWN: Readonly<Record<string, ErrorContent>> = Object.freeze({
  Configuration: {
    status: 500,
    heading: 'Server error',
    message:
      'There is a problem with the server configuration, so signing in is not possible right now. The server log has the details.',
  },
  AccessDenied: {
    status: 403,
    heading: 'Access denied',
    message:
      'This account is not allowed to sign in here. If you think it should be, contact the site’s administrator.',
  },
  Verification: {
    status: 403,
    heading: 'This sign-in link no longer works',
    message: 'It may have been used already, or it may have expired. Ask for a new link to sign in.',
  },
})

// Unknown values are not echoed at all: a crafted link could otherwise put any text on our page.
const GENERIC: ErrorContent = {
  status: 200,
  heading: 'Something went wrong',
  message: 'Signing in could not be completed. Please try again.',
}

/**
 * Renders the error page: 500 for `Configuration`, 403 for `AccessDenied` and `Verification`, 200 with a generic
 * message for anything else, as Auth.js does.
 */
export function renderErrorPage(opts: ErrorPageOptions): RenderedPage {
  // Object.hasOwn, because "constructor" or "toString" would otherwise find Object.prototype's members.
  const content =
    (opts.error !== undefined && Object.hasOwn(KNOWN, opts.error) ? KNOWN[opts.error] : undefined) ?? GENERIC
  const body = html`<h1>${content.heading}</h1>
    <p>${content.message}</p>
    <a class="button button-brand" href="${safeUrl(opts.signinUrl)}">Sign in</a>`
  return renderPage({ title: content.heading, theme: opts.theme, body, status: content.status })
}
