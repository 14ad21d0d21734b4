import type { MailboxMessage } from 'gatehouse-auth/testing/mailbox'
import { html, type Html } from './html.js'

/** The text of a message with its links to this demo made clickable; everything else stays text. */
function linkedText(text: string, origin: string): Html {
  const parts: Html[] = []
  let rest = text
  for (;;) {
    const match = /https?:\/\/[^\s<>"]+/.exec(rest)
    if (!match) break
    parts.push(html`${rest.slice(0, match.index)}`)
    const url = match[0]
    // Only links back to this demo become links; anything else a message might carry stays inert text.
    parts.push(url.startsWith(`${origin}/`) ? html`<a href="${url}">${url}</a>` : html`${url}`)
    rest = rest.slice(match.index + url.length)
  }
  parts.push(html`${rest}`)
  return html`${parts}`
}

/**
 * The demo's inbox: every message the local SMTP server received, newest first, as plain text (the HTML part is
 * not rendered: a page of this origin must not show markup a message brought).
 */
export function mailboxPage(messages: readonly MailboxMessage[], origin: string): Html {
  const newest = [...messages].reverse()
  return html`<h1>Mailbox</h1>
    <p class="muted">
      What the demo's own SMTP server (on 127.0.0.1, started with the demo) received. Ask for a link with
      "Email me a sign-in link" on the <a href="/auth/signin">sign-in page</a>, then open it here.
    </p>
    ${
      newest.length === 0
        ? html`<p>No messages yet.</p>`
        : newest.map(
            (m) =>
              html`<section class="card">
                <h2>${m.subject}</h2>
                <p class="muted">
                  To <code>${m.envelope.to.join(', ')}</code> from <code>${m.from}</code>,
                  <time datetime="${m.received.toISOString()}">${m.received.toISOString()}</time>
                </p>
                <pre>${linkedText(m.text, origin)}</pre>
              </section>`,
          )
    }`
}
