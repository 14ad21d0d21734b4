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

// Checked (2026-11) against the request Resend's examples show (POST https://api.resend.com/emails, Bearer key, JSON
// {from, to, subject, html}) and the field list of the Resend client on hexdocs.pm (`text` beside `html`); Resend's
// own reference page was not in the search index.
async function sendWithResend(params: SendVerificationRequestParams) {
  const { identifier, url, expires, provider, theme } = params
  const apiKey = requireApiKey(provider)
  const message = params.message ?? verificationEmail({ url, expires, theme })
  await postEmailApi(provider, 'Resend', 'https://api.resend.com/emails', {
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: provider.from ?? DEFAULT_FROM,
      to: identifier,
      subject: message.subject,
      html: message.html,
      text: message.text,
    }),
  })
}

/**
 * Sign-in links by e-mail through Resend's HTTP API (id `resend`), as Auth.js's provider of that name. Needs an
 * adapter and `apiKey` (default `AUTH_RESEND_KEY`).
 *
 * @example
 * ```ts
 * Resend({ from: 'Example <no-reply@example.com>' })
 * ```
 */
export default function Resend(config: HttpSenderUserConfig = {}): EmailConfig {
  return builtInSender(
    { id: 'resend', name: 'Resend', sendVerificationRequest: sendWithResend, configProblem: apiKeyProblem },
    config,
  )
}
