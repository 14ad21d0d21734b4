import { html, type Html, type HtmlValue } from '../demo/html.js'

/** What the pages show of a user. */
export interface PageUser {
  name?: string | null | undefined
  email?: string | null | undefined
}

/** A whole page of the Express and Hono examples around `body`. */
export function examplePage(title: string, body: HtmlValue): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            max-width: 40rem;
            margin: 3rem auto;
            padding: 0 1rem;
          }
          button,
          .button {
            font: inherit;
            padding: 0.4rem 1rem;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`
}

/** The home page: who is signed in, and the way to sign in or out. */
export function homePage(framework: string, user: PageUser | undefined): Html {
  return examplePage(
    `Gatehouse on ${framework}`,
    html`<h1>Gatehouse on ${framework}</h1>
      <p id="who">${user ? `Signed in as ${user.email ?? user.name ?? 'someone'}` : 'Not signed in'}</p>
      <p>
        <a href="/dashboard">Dashboard (protected)</a> ·
        ${
          user
            ? html`<a href="/auth/signout?callbackUrl=/">Sign out</a>`
            : html`<a href="/auth/signin?callbackUrl=/dashboard">Sign in</a>`
        }
      </p>
      <p>Try alice@example.com / rabbit-hole-42, or the Demo IdP.</p>`,
  )
}

/** The protected page, rendered on the server for a signed-in user, with a sign-out button. */
export function dashboardPage(framework: string, user: PageUser): Html {
  return examplePage(
    'Dashboard',
    html`<h1>Dashboard</h1>
      <p>
        Hello ${user.name ?? 'there'}, you are signed in as
        <strong id="user">${user.email ?? ''}</strong> (${framework}).
      </p>
      <form method="get" action="/auth/signout">
        <input type="hidden" name="callbackUrl" value="/" />
        <button type="submit">Sign out</button>
      </form>`,
  )
}
