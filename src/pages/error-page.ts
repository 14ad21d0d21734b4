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
  /** `bad_request` or `unavailable` with `error=Configuration`: the request, or a service, was the cause. */
  code?: string | undefined
  /** The built-in sign-in page, `{origin}{basePath}/signin`. */
  signinUrl: string
  /**
   * Development only (`NODE_ENV` not `production`): the problems of a broken configuration, listed under the
   * `Configuration` message so the developer sees what to fix without the log. Never set in production.
   */
  developmentProblems?: readonly string[] | undefined
  theme: Theme
}

interface ErrorContent {
  readonly status: number
  readonly heading: string
  readonly message: string
  /** The label of the one button, to the sign-in page; "Back to sign in" by default. */
  readonly action?: string
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
    action: 'Get a new link',
  },
  // Auth.js sends a failed passkey here with a 200 page; a device may still hold a passkey the site has forgotten.
  WebAuthnVerificationError: {
    status: 200,
    heading: 'That passkey did not work',
    message:
      'This site could not verify it. If the passkey was removed from your account here, it no longer works: sign in another way and create a new one.',
  },
})

/** `Configuration` shown for an error whose cause is not the configuration (the public value stays Auth.js's). */
const CONFIGURATION_CAUSE: Readonly<Record<string, ErrorContent>> = Object.freeze({
  bad_request: {
    status: 400,
    heading: 'This sign-in request could not be handled',
    message: 'The link or form that led here is not valid for this site. Start again from the sign-in page.',
  },
  unavailable: {
    status: 503,
    heading: 'Signing in is not available right now',
    message: 'A service that signing in depends on did not answer. Please try again in a moment.',
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
 * message for anything else, as Auth.js does; `Configuration` with `code=bad_request` is a 400 and with
 * `code=unavailable` a 503, since the cause was the request or a service, not the configuration.
 */
export function renderErrorPage(opts: ErrorPageOptions): RenderedPage {
  // Object.hasOwn, because "constructor" or "toString" would otherwise find Object.prototype's members.
  const cause =
    opts.error === 'Configuration' && opts.code !== undefined && Object.hasOwn(CONFIGURATION_CAUSE, opts.code)
      ? CONFIGURATION_CAUSE[opts.code]
      : undefined
  const content =
    cause ??
    (opts.error !== undefined && Object.hasOwn(KNOWN, opts.error) ? KNOWN[opts.error] : undefined) ??
    GENERIC
  const problems = content === KNOWN['Configuration'] ? (opts.developmentProblems ?? []) : []
  const body = html`<h1>${content.heading}</h1>
    <p>${content.message}</p>
    ${
      problems.length > 0 &&
      html`<ul class="development-problems">
        ${problems.map((problem) => html`<li>${problem}</li>`)}
      </ul>`
    }
    <a class="button button-primary" href="${safeUrl(opts.signinUrl)}"
      >${content.action ?? 'Back to sign in'}</a
    >`
  return renderPage({ title: content.heading, theme: opts.theme, body, status: content.status })
}
