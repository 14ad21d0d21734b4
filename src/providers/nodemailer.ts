import { builtInSender } from '../email/built-in-sender.js'
import { DEFAULT_FROM } from '../email/post-email-api.js'
import { verificationEmail } from '../email/verification-email.js'
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from './provider-types.js'

/** Options of {@link Nodemailer}: Auth.js's, with `server` (an SMTP URL such as `smtps://user:pass@host`, or options). */
export type NodemailerUserConfig = EmailUserConfig & { server?: string | Record<string, unknown> }

/**
 * Sends the sign-in message through SMTP with `nodemailer` (an optional peer dependency, loaded on the first send, so
 * that importing the provider costs nothing and an app without it fails only if it sends). A recipient the server
 * refuses, or a failed connection, throws: the flow then deletes the token and shows `EmailSignin`.
 */
export async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, expires, provider, theme } = params
  const { createTransport } = (await import('nodemailer')).default
  const transport = createTransport(provider.server as Parameters<typeof createTransport>[0])
  const message = params.message ?? verificationEmail({ url, expires, theme })
  try {
    const result = await transport.sendMail({
      // `to` is one normalized address (no comma, no CR/LF can reach here); nodemailer encodes the headers.
      to: identifier,
      from: provider.from ?? DEFAULT_FROM,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    const refused = [...(result.rejected ?? []), ...(result.pending ?? [])]
    if (refused.length > 0)
      throw new Error(`The SMTP server did not accept the message for ${refused.length} recipient(s).`)
  } finally {
    transport.close()
  }
}

function smtpProblem(provider: EmailConfig): string | undefined {
  const { server } = provider
  if (server === undefined || server === '')
    return `provider "${provider.id}" needs \`server\`: an SMTP URL (smtps://user:pass@smtp.example.com) or nodemailer transport options.`
  if (typeof server === 'string') {
    try {
      const { protocol } = new URL(server)
      if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new TypeError(protocol)
    } catch {
      return `provider "${provider.id}": \`server\` must be an smtp:// or smtps:// URL, or nodemailer transport options.`
    }
  } else if (typeof server !== 'object' || server === null) {
    return `provider "${provider.id}": \`server\` must be an SMTP URL or nodemailer transport options.`
  }
  return undefined
}

/**
 * Sign-in links by e-mail over SMTP (id `nodemailer`), as Auth.js's provider of that name. Needs an adapter and
 * `server`; the message is Gatehouse's (see `verificationEmail`), or give your own `sendVerificationRequest`.
 *
 * @example
 * ```ts
 * Nodemailer({ server: process.env.EMAIL_SERVER, from: 'Example <no-reply@example.com>' })
 * ```
 */
export default function Nodemailer(config: NodemailerUserConfig = {}): EmailConfig {
  return builtInSender(
    {
      id: 'nodemailer',
      name: 'Nodemailer',
      sendVerificationRequest: sendWithNodemailer,
      configProblem: smtpProblem,
    },
    config,
  )
}
