import { exampleCss } from '../shared/example-assets.js'
import { html, Html, type HtmlValue } from '../demo/html.js'

/** What the pages show of a user. */
export interface PageUser {
  name?: string | null | undefined
  email?: string | null | undefined
}

// The examples' shared style sheet, written into each page (these pages set no Content-Security-Policy).
const style = new Html(`<style>${exampleCss}</style>`)

/** A whole page of the Express and Hono examples around `body`. */
export function examplePage(framework: string, title: string, body: HtmlValue): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${style}
      </head>
      <body>
        <header>
          <a class="brand" href="/">Gatehouse on ${framework}</a>
          <nav><a href="/">Home</a> <a href="/dashboard">Dashboard</a></nav>
        </header>
        <main>${body}</main>
      </body>
    </html>`
}

/** The home page: who is signed in, and the way to sign in or out. */
export function homePage(framework: string, user: PageUser | undefined): Html {
  return examplePage(
    framework,
    `Gatehouse on ${framework}`,
    html`<h1>Gatehouse on ${framework}</h1>
      <section class="card">
        <p id="who">${user ? `Signed in as ${user.email ?? user.name ?? 'someone'}` : 'Not signed in'}</p>
        <div class="actions">
          ${
            user
              ? html`<a class="button primary" href="/dashboard">Dashboard</a>
                  <a class="button" href="/auth/signout?callbackUrl=/">Sign out</a>`
              : html`<a class="button primary" href="/auth/signin?callbackUrl=/dashboard">Sign in</a>
                  <a class="button" href="/dashboard">Dashboard (protected)</a>`
          }
        </div>
      </section>
      <p class="muted">
        Try <code>alice@example.com</code> / <code>rabbit-hole-42</code>, or the Demo IdP.
      </p>`,
  )
}

/** The protected page, rendered on the server for a signed-in user, with a sign-out button. */
export function dashboardPage(framework: string, user: PageUser): Html {
  return examplePage(
    framework,
    'Dashboard',
    html`<h1>Dashboard</h1>
      <section class="card">
        <p>
          Hello ${user.name ?? 'there'}, you are signed in as
          <strong id="user">${user.email ?? ''}</strong> (${framework}).
        </p>
        <form method="get" action="/auth/signout">
          <input type="hidden" name="callbackUrl" value="/" />
          <button class="primary" type="submit">Sign out</button>
        </form>
      </section>`,
  )
}
