import { builtInSender } from '../email/built-in-sender.js'
import { verificationEmail } from '../email/verification-email.js'
import {
  apiKeyProblem,
  basicAuth,
  DEFAULT_FROM,
  type HttpSenderUserConfig,
  postEmailApi,
  requireApiKey,
} from '../email/post-email-api.js'
import type { EmailConfig, SendVerificationRequestParams } from './provider-types.js'

// Checked (2026-11) against Auth.js 0.39's provider (unpkg.com/@auth/core/providers/forwardemail.js): POST
// https://api.forwardemail.net/v1/emails, HTTP Basic with the API token as the user name and an empty password,
// JSON {from, to, subject, html, text}. Forward Email's own reference page was not in the search index.
async function sendWithForwardEmail(params: SendVerificationRequestParams) {
  const { identifier, url, expires, provider, theme } = params
  const apiKey = requireApiKey(provider)
  const message = params.message ?? verificationEmail({ url, expires, theme })
  await postEmailApi(provider, 'Forward Email', 'https://api.forwardemail.net/v1/emails', {
    headers: { authorization: basicAuth(apiKey, ''), 'content-type': 'application/json' },
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
 * Sign-in links by e-mail through Forward Email's HTTP API (id `forwardemail`), as Auth.js's provider of that
 * name. Needs an adapter and `apiKey` (default `AUTH_FORWARDEMAIL_KEY`).
 */
export default function ForwardEmail(config: HttpSenderUserConfig = {}): EmailConfig {
  return builtInSender(
    {
      id: 'forwardemail',
      name: 'Forward Email',
      sendVerificationRequest: sendWithForwardEmail,
      configProblem: apiKeyProblem,
    },
    config,
  )
}
