/**
 * The built-in "where you are signed in" page: the user's sessions, the current one marked, each with a button that
 * ends it, and one that ends all the others.
 *
 * @module
 */
import type { SessionSummary } from '../user-sessions/user-sessions.js'
import type { Theme } from '../types.js'
import { html, safeUrl, type SafeHtml } from './html.js'
import { renderPage, type RenderedPage } from './render-page.js'

/** What {@link renderSessionsPage} needs. */
export interface SessionsPageOptions {
  /** The form's action: `POST {basePath}/sessions/revoke`. */
  revokeUrl: string
  csrfToken: string
  sessions: readonly SessionSummary[]
  theme: Theme
}

const when = (date: Date | null) =>
  date ? date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'unknown'

function row(s: SessionSummary, opts: SessionsPageOptions): SafeHtml {
  return html`<li class="session" data-session-id="${s.id}">
    <p>
      <strong>${s.label ?? 'Unknown browser'}</strong>${s.current ? html` <em>(this browser)</em>` : ''}<br />
      <small>
        ${s.clientAddress ?? 'address unknown'} · signed in ${when(s.createdAt)} · last seen
        ${when(s.lastSeenAt)}
      </small>
    </p>
    <form method="post" action="${safeUrl(opts.revokeUrl)}">
      <input type="hidden" name="csrfToken" value="${opts.csrfToken}" />
      <input type="hidden" name="sessionId" value="${s.id}" />
      <button class="button button-secondary" type="submit">Sign out</button>
    </form>
  </li>`
}

/** Renders the sessions page. Every value is escaped by `html`. */
export function renderSessionsPage(opts: SessionsPageOptions): RenderedPage {
  const others = opts.sessions.some((s) => !s.current)
  const body = html`<h1>Where you are signed in</h1>
    ${
      opts.sessions.length === 0
        ? html`<p>No sessions to show.</p>`
        : html`<ul class="sessions">
            ${opts.sessions.map((s) => row(s, opts))}
          </ul>`
    }
    ${
      others &&
      html`<form class="actions" method="post" action="${safeUrl(opts.revokeUrl)}">
        <input type="hidden" name="csrfToken" value="${opts.csrfToken}" />
        <input type="hidden" name="sessionId" value="others" />
        <button class="button button-primary" type="submit">Sign out everywhere else</button>
      </form>`
    }`
  return renderPage({ title: 'Your sessions', theme: opts.theme, body })
}
