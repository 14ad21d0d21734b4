import type { Session } from 'gatehouse-auth'
import { html, type Html } from './html.js'

/** The body of the protected page, which only a signed-in request reaches. */
export function protectedPage(session: Session): Html {
  const user = session.user
  return html`<h1>Protected page</h1>
    <p>
      Only signed-in people see this page. Welcome, <strong>${user?.name ?? user?.email ?? 'friend'}</strong>.
    </p>

    <section class="card" aria-labelledby="user-title">
      <h2 id="user-title">You</h2>
      <dl>
        <dt>Name</dt>
        <dd>${user?.name ?? '(none)'}</dd>
        <dt>E-mail</dt>
        <dd>${user?.email ?? '(none)'}</dd>
        <dt>Session ends</dt>
        <dd><time datetime="${session.expires}">${session.expires}</time></dd>
      </dl>
      <div class="actions">
        <a class="button primary" href="/auth/signout?callbackUrl=/">Sign out</a>
        <a class="button" href="/auth/two-factor/setup">Two-factor sign-in</a>
      </div>
    </section>

    <section class="card" aria-labelledby="raw-title">
      <h2 id="raw-title">The session, as <code>auth(request)</code> returns it</h2>
      <pre>${JSON.stringify(session, null, 2)}</pre>
    </section> `
}
