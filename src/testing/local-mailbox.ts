/**
 * `gatehouse-auth/testing/mailbox`: a real SMTP server on loopback that keeps what it receives, parsed, for trying e-mail
 * sign-in without a mail account (the demo's `/mailbox` page) and for tests. Needs `smtp-server` and `mailparser`
 * (optional peer dependencies).
 *
 * @module
 */
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as the mailbox received it. */
export interface MailboxMessage {
  /** The envelope's sender and recipients (what the SMTP client said, not the headers). */
  envelope: { from: string; to: string[] }
  /** The headers as parsed: `From`, `To` (display text), `Subject`. */
  from: string
  to: string
  subject: string
  text: string
  html: string
  /** Every header line, lower-cased names, as received. */
  headers: Map<string, unknown>
  received: Date
}

/** Options of {@link startLocalMailbox}. */
export interface LocalMailboxOptions {
  /** Port on 127.0.0.1; default a free one. */
  port?: number
  /** Recipients to refuse (the server answers 550), to see how a sender's failure is handled. */
  refuse?: (recipient: string) => boolean
  /** Messages kept (oldest dropped first). Default 100. */
  keep?: number
}

/** A running mailbox. */
export interface LocalMailbox {
  /** `smtp://127.0.0.1:{port}`: give it to `Nodemailer({ server })`. */
  url: string
  /** What arrived, oldest first. */
  messages: MailboxMessage[]
  /** The next message to arrive (or the first unread one), within `timeoutMs` (default 10 s). */
  next(timeoutMs?: number): Promise<MailboxMessage>
  close(): Promise<void>
}

/**
 * Starts an SMTP server on 127.0.0.1 that accepts any sender and recipient (unless refused), without TLS or
 * authentication: for loopback only.
 */
export async function startLocalMailbox(options: LocalMailboxOptions = {}): Promise<LocalMailbox> {
  const keep = options.keep ?? 100
  const messages: MailboxMessage[] = []
  let read = 0
  const waiting: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'gatehouse local mailbox',
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            from: mail.from?.text ?? '',
            to: (Array.isArray(mail.to) ? mail.to.map((t) => t.text).join(', ') : mail.to?.text) ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: mail.headers,
            received: new Date(),
          })
          if (messages.length > keep) {
            messages.shift()
            read = Math.max(0, read - 1)
          }
          for (const wake of waiting.splice(0)) wake()
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  server.on('error', () => {
    // A client that misbehaves must not stop the mailbox; smtp-server has answered it already.
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (read >= messages.length) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no message arrived within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiting.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return messages[read++]!
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
