import type { Session } from 'gatehouse-auth'
import type { DemoAccount } from './demo-accounts.js'
import { html, type Html } from './html.js'

/** What the home page shows. */
export interface HomePageOptions {
  accounts: readonly DemoAccount[]
  session: Session | null
}

/** The body of the home page: what the demo is, its accounts, and the session of the request. */
export function homePage({ accounts, session }: HomePageOptions): Html {
  const user = session?.user
  return html`<h1>A small app behind Gatehouse</h1>
    <p>
      This server mounts Gatehouse's handlers at <code>/auth</code>, where people sign in five ways: an e-mail
      address and a password (the Credentials provider, checked against the demo's own scrypt hashes), a
      password account Gatehouse keeps itself ("Create account": sign-up, a verification link to the demo's
      mailbox, reset and change), the Demo IdP (a local OpenID provider started beside the demo), a sign-in
      link sent by e-mail (to the demo's own mailbox), and passkeys.
    </p>
    <p>
      Sessions are kept in the database (SQLite, unless <code>DATABASE_URL</code> names another): the cookie
      holds a random token and the sessions table its hash. This page reads the session on the server with
      <code>auth(request)</code>.
    </p>

    <section class="card" aria-labelledby="session-title">
      <h2 id="session-title">Your session</h2>
      ${
        session === null
          ? html`<p>Not signed in.</p>
              <div class="actions">
                <a class="button primary" href="/auth/signin?callbackUrl=/">Sign in</a>
                <a class="button" href="/protected">Open the protected page</a>
              </div>`
          : html`<p>
                Signed in as <strong>${user?.name ?? 'someone'}</strong> (${user?.email ?? 'no e-mail'}).
              </p>
              <pre>${JSON.stringify(session, null, 2)}</pre>
              <div class="actions">
                <a class="button primary" href="/protected">Open the protected page</a>
                <a class="button" href="/auth/signout?callbackUrl=/">Sign out</a>
              </div>`
      }
    </section>

    <section class="card" aria-labelledby="accounts-title">
      <h2 id="accounts-title">Demo accounts</h2>
      <p class="muted">
        These passwords are public on purpose, so that anyone can try the demo. The server still stores them
        only as salted scrypt hashes, computed when it starts, the way a real user store would.
      </p>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>E-mail</th>
            <th>Password</th>
          </tr>
        </thead>
        <tbody>
          ${accounts.map(
            (a) =>
              html`<tr>
                <td data-label="Name">${a.name}</td>
                <td data-label="E-mail"><code>${a.email}</code></td>
                <td data-label="Password"><code>${a.password}</code></td>
              </tr> `,
          )}
        </tbody>
      </table>
    </section>

    <section class="card" aria-labelledby="endpoints-title">
      <h2 id="endpoints-title">Endpoints to look at</h2>
      <ul>
        <li><a href="/auth/signin">/auth/signin</a>: the built-in sign-in page</li>
        <li>
          <a href="/auth/session">/auth/session</a>: the session as JSON (<code>null</code> when signed out)
        </li>
        <li><a href="/auth/providers">/auth/providers</a> and <a href="/auth/csrf">/auth/csrf</a></li>
        <li>
          <a href="/mailbox">/mailbox</a>: the messages "Email me a sign-in link" sent, received by the demo's
          own SMTP server
        </li>
      </ul>
    </section> `
}
