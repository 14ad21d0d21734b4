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

/** Options of {@link Postmark}: `messageStream` picks the Postmark message stream (default `outbound`). */
export type PostmarkUserConfig = HttpSenderUserConfig & { messageStream?: string }

// Checked against Postmark's "Sending email with API" guide (postmarkapp.com/developer/user-guide/
// send-email-with-api, 2026-11): POST https://api.postmarkapp.com/email, header `X-Postmark-Server-Token`, JSON
// {From, To, Subject, TextBody, HtmlBody, MessageStream}; the transactional stream is `outbound`.
async function sendWithPostmark(params: SendVerificationRequestParams) {
  const { identifier, url, expires, provider, theme } = params
  const apiKey = requireApiKey(provider)
  const message = params.message ?? verificationEmail({ url, expires, theme })
  await postEmailApi(provider, 'Postmark', 'https://api.postmarkapp.com/email', {
    headers: { 'x-postmark-server-token': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      From: provider.from ?? DEFAULT_FROM,
      To: identifier,
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
      MessageStream: typeof provider.messageStream === 'string' ? provider.messageStream : 'outbound',
    }),
  })
}

function postmarkProblem(provider: EmailConfig): string | undefined {
  const stream = provider.messageStream
  if (stream !== undefined && (typeof stream !== 'string' || stream === ''))
    return `provider "${provider.id}": \`messageStream\` must be a Postmark message stream id (default "outbound").`
  return apiKeyProblem(provider)
}

/**
 * Sign-in links by e-mail through Postmark's HTTP API (id `postmark`), as Auth.js's provider of that name. Needs
 * an adapter and `apiKey`, a server token (default `AUTH_POSTMARK_KEY`).
 */
export default function Postmark(config: PostmarkUserConfig = {}): EmailConfig {
  return builtInSender(
    {
      id: 'postmark',
      name: 'Postmark',
      sendVerificationRequest: sendWithPostmark,
      configProblem: postmarkProblem,
    },
    config,
  )
}
