import { builtInSender } from '../email/built-in-sender.js'
import { verificationEmail } from '../email/verification-email.js'
import {
  apiKeyProblem,
  DEFAULT_FROM,
  type HttpSenderUserConfig,
  postEmailApi,
  requireApiKey,
} from '../email/post-email-api.js'
import type { EmailConfig, SendVerificationRequestParams } from './provider-types.js'

/** `Name <a@b>` or `a@b` as SendGrid's `{ email, name? }`. */
function sendGridAddress(from: string): { email: string; name?: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from)
  if (!match) return { email: from.trim() }
  const name = match[1]!.replace(/^"(.*)"$/, '$1')
  return name ? { email: match[2]!.trim(), name } : { email: match[2]!.trim() }
}

// Checked (2026-11) against the v3 Mail Send structures documented by SendGrid clients (docs.rs `sendgrid::v3`,
// hackage `sendgrid-v3`: personalizations with `to: [{ email }]`, `from: { email, name? }`, `content` parts with a
// MIME type) and Auth.js 0.41's provider in node_modules (POST https://api.sendgrid.com/v3/mail/send, Bearer key,
// text/plain before text/html, the order SendGrid requires). SendGrid answers 202 with an empty body.
async function sendWithSendGrid(params: SendVerificationRequestParams) {
  const { identifier, url, expires, provider, theme } = params
  const apiKey = requireApiKey(provider)
  const message = params.message ?? verificationEmail({ url, expires, theme })
  await postEmailApi(provider, 'SendGrid', 'https://api.sendgrid.com/v3/mail/send', {
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: identifier }] }],
      from: sendGridAddress(provider.from ?? DEFAULT_FROM),
      subject: message.subject,
      content: [
        { type: 'text/plain', value: message.text },
        { type: 'text/html', value: message.html },
      ],
    }),
  })
}

/**
 * Sign-in links by e-mail through SendGrid's v3 Mail Send API (id `sendgrid`), as Auth.js's provider of that name.
 * Needs an adapter and `apiKey` (default `AUTH_SENDGRID_KEY`).
 */
export default function SendGrid(config: HttpSenderUserConfig = {}): EmailConfig {
  return builtInSender(
    {
      id: 'sendgrid',
      name: 'SendGrid',
      sendVerificationRequest: sendWithSendGrid,
      configProblem: apiKeyProblem,
    },
    config,
  )
}
