import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { html, Html } from './html.js'

/** A person who can sign in at the Demo IdP. */
export interface DemoIdpUser {
  sub: string
  name: string
  email: string
}

const css = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}form{margin:.5rem 0}button{font:inherit;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #4b5563;
background:#fff;cursor:pointer;width:100%}button.primary{background:#4338ca;color:#fff;border-color:#4338ca}.muted{color:#6b7280}`
const styleHash = createHash('sha256').update(css).digest('base64')
// No form-action: the login form's answer redirects on to the application's callback, another origin, and
// Chrome applies form-action to that redirect too.
const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'`

function send(res: ServerResponse, title: string, body: Html): void {
  const page = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Demo IdP</title>
        ${new Html(`<style>${css}</style>`)}
      </head>
      <body>
        ${body}
      </body>
    </html>`
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  })
  res.end(page.toString())
}

/** The Demo IdP's login page: pick one of the demo users (it is a demo: there is no password). */
export function sendLoginPage(res: ServerResponse, uid: string, users: readonly DemoIdpUser[]): void {
  send(
    res,
    'Sign in',
    html`<h1>Demo IdP: who are you?</h1>
      <p class="muted">A local OpenID provider started by the demo. Pick a demo user to continue.</p>
      ${users.map(
        (u) =>
          html`<form method="post" action="/interaction/${uid}/login">
            <input type="hidden" name="sub" value="${u.sub}" />
            <button type="submit">Continue as ${u.name} (${u.email})</button>
          </form>`,
      )}`,
  )
}

/** The consent page: the application asks for the user's name and e-mail address. */
export function sendConsentPage(
  res: ServerResponse,
  uid: string,
  clientName: string,
  scopes: string[],
): void {
  send(
    res,
    'Allow access',
    html`<h1>Allow ${clientName}?</h1>
      <p>It asks for: ${scopes.join(', ')}.</p>
      <form method="post" action="/interaction/${uid}/confirm">
        <button class="primary" type="submit">Allow</button>
      </form>
      <form method="post" action="/interaction/${uid}/abort">
        <button type="submit">Deny</button>
      </form>`,
  )
}
