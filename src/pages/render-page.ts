/**
 * The document shell shared by every built-in page, and the response headers that lock it down.
 *
 * @module
 */
import type { Theme } from '../types.js'
import { html, type SafeHtml } from './html.js'
import { themeStyles } from './page-theme.js'
import { safeImageUrl } from './safe-image-url.js'
import { sha256Base64 } from './sha256-base64.js'
import type { PageScript } from './sign-in-section.js'

/** A rendered page: what the request pipeline turns into a `Response`. */
export interface RenderedPage {
  status: number
  html: string
  headers: Record<string, string>
}

/** What {@link renderPage} needs: the page's own markup, its title, the theme and, for errors, a status. */
export interface RenderPageOptions {
  title: string
  theme: Theme
  body: SafeHtml
  status?: number
  /** CSS appended to the theme's, built only from validated values (provider button colours). */
  css?: string
  /** Script files (the passkey section's), each allowed by its hash and loaded with `integrity`. */
  scripts?: readonly PageScript[]
  /** URL prefixes the scripts fetch from; without scripts the page may fetch nothing. */
  connect?: readonly string[]
}

const STYLE_OPEN = '<style>'
const STYLE_CLOSE = '</style>'

// A CSP source may not contain `;` or `,` (they separate directives and policies) nor whitespace.
const CSP_SOURCE = /^https?:\/\/[^\s;,']+$/

function contentSecurityPolicy(
  styleHash: string,
  scripts: readonly PageScript[],
  connect: readonly string[],
): string {
  // A relative prefix (a provider URL without origin) cannot be written as a source; the page's origin can.
  const connectSources = [
    ...new Set(
      connect
        .map((c) => (c.startsWith('/') ? "'self'" : c))
        .filter((c) => c === "'self'" || CSP_SOURCE.test(c)),
    ),
  ]
  return [
    "default-src 'none'",
    // The inline style is allowed by its hash rather than 'unsafe-inline', so injected style attributes or
    // elements would not apply even if escaping ever failed.
    `style-src 'sha256-${styleHash}'`,
    // Scripts by hash only (CSP 3 matches a hash against a script file that carries the same `integrity`): no
    // 'self', so no other file of this origin, and no inline script, could run here.
    ...(scripts.length > 0 ? [`script-src ${scripts.map((s) => `'sha256-${s.sha256}'`).join(' ')}`] : []),
    ...(connectSources.length > 0 ? [`connect-src ${connectSources.join(' ')}`] : []),
    "img-src 'self' https:",
    // No form-action: Chrome and Safari apply it to the redirects that follow a submission too, and the sign-in
    // forms end in redirects to the OAuth provider and to the callbackUrl, whose origins this page cannot know
    // (w3c/webappsec-csp#8). The forms' actions are built here from checked URLs, and markup cannot be injected.
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}

/**
 * Wraps a page body into a full HTML document (theme style, optional logo) with security headers; the only script a
 * page may carry is a Gatehouse file given in `scripts` (the sign-in page's passkey script), never inline.
 *
 * @example
 * ```ts
 * const page = renderPage({ title: 'Signed out', theme, body: html`<h1>Signed out</h1>` })
 * new Response(page.html, { status: page.status, headers: page.headers })
 * ```
 */
export function renderPage(opts: RenderPageOptions): RenderedPage {
  const style = themeStyles(opts.theme, opts.css)
  const styleMarkup = style.toString()
  // The hash must cover exactly the text between the tags, as the browser sees it.
  const css = styleMarkup.slice(STYLE_OPEN.length, styleMarkup.length - STYLE_CLOSE.length)
  const logo = safeImageUrl(opts.theme.logo)
  const document = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${opts.title}</title>
        ${style}
      </head>
      <body>
        <main class="page">
          ${logo !== undefined && html`<img class="logo" src="${logo}" alt="" />`}
          <div class="card">${opts.body}</div>
        </main>
        ${(opts.scripts ?? []).map(
          (s) =>
            html`<script src="${s.src}" integrity="sha256-${s.sha256}" crossorigin="anonymous"></script>`,
        )}
      </body>
    </html> `
  return {
    status: opts.status ?? 200,
    html: document.toString(),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(
        sha256Base64(css),
        opts.scripts ?? [],
        opts.connect ?? [],
      ),
      'X-Frame-Options': 'DENY',
      // Keeps codes and tokens in this page's URL out of the Referer of anything it links to (RFC 9700 §4.2).
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  }
}
