import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { demoCss } from './demo-css.js'
import { html, Html } from './html.js'

/** What {@link sendPage} writes. */
export interface PageOptions {
  title: string
  body: Html
  status?: number
  /** For pages that show session data: no browser or proxy may keep a copy of them. */
  noStore?: boolean
}

// The hash covers exactly the text between the tags, so the element is built here, out of the template's reach
// (a formatter re-indenting the page template would otherwise change the text and void the hash).
const styleElement = new Html(`<style>${demoCss}</style>`)
const styleHash = createHash('sha256').update(demoCss).digest('base64')

// The pages carry no script at all, so everything but the one inline style sheet (allowed by its hash) is refused;
// injected markup, if escaping ever failed, could neither run nor restyle the page nor post a form elsewhere.
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

/**
 * Writes a demo page in the shared layout, with the security headers every demo page carries.
 *
 * @example
 * ```ts
 * sendPage(res, { title: 'Home', body: html`<h1>Hello</h1>`, noStore: true })
 * ```
 */
export function sendPage(res: ServerResponse, options: PageOptions): void {
  const document = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · Gatehouse demo</title>
        ${styleElement}
      </head>
      <body>
        <header>
          <a class="brand" href="/">Gatehouse demo</a>
          <nav>
            <a href="/">Home</a>
            <a href="/protected">Protected page</a>
            <a href="/mailbox">Mailbox</a>
            <a href="/auth/session">/auth/session</a>
          </nav>
        </header>
        <main>${options.body}</main>
        <footer class="muted">
          A plain <code>node:http</code> server with Gatehouse mounted at <code>/auth</code>.
        </footer>
      </body>
    </html> `
  res.statusCode = options.status ?? 200
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Content-Security-Policy', contentSecurityPolicy)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Referrer-Policy', 'same-origin')
  if (options.noStore === true) res.setHeader('Cache-Control', 'no-store')
  res.end(document.toString())
}
