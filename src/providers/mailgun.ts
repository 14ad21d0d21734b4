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

/** Options of {@link Mailgun}: the sending `domain` (required) and `region: 'eu'` for a domain in Mailgun's EU region. */
export type MailgunUserConfig = HttpSenderUserConfig & { domain?: string; region?: 'us' | 'eu' }

// Checked against Mailgun's API reference (documentation.mailgun.com/docs/mailgun/api-reference, 2026-11):
// POST {base}/v3/{domain}/messages as a form (from, to, subject, text, html), HTTP Basic `api:<key>`; the base is
// https://api.mailgun.net, or https://api.eu.mailgun.net for a domain created in the EU region.
async function sendWithMailgun({ identifier, url, expires, provider, theme }: SendVerificationRequestParams) {
  const apiKey = requireApiKey(provider)
  const message = verificationEmail({ url, expires, theme })
  const base = provider.region === 'eu' ? 'https://api.eu.mailgun.net' : 'https://api.mailgun.net'
  const domain = encodeURIComponent(String(provider.domain))
  await postEmailApi(provider, 'Mailgun', `${base}/v3/${domain}/messages`, {
    headers: { authorization: basicAuth('api', apiKey), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      from: provider.from ?? DEFAULT_FROM,
      to: identifier,
      subject: message.subject,
      text: message.text,
      html: message.html,
    }).toString(),
  })
}

function mailgunProblem(provider: EmailConfig): string | undefined {
  const { domain, region } = provider
  if (typeof domain !== 'string' || !/^[a-z0-9.-]+$/i.test(domain))
    return `provider "${provider.id}" needs \`domain\`: your Mailgun sending domain (mg.example.com).`
  if (region !== undefined && region !== 'us' && region !== 'eu')
    return `provider "${provider.id}": \`region\` must be "eu" (a domain in Mailgun's EU region) or "us" (the default).`
  return apiKeyProblem(provider)
}

/**
 * Sign-in links by e-mail through Mailgun's HTTP API (id `mailgun`). Needs an adapter, `domain` and `apiKey`
 * (default `AUTH_MAILGUN_KEY`); `region: 'eu'` for a domain in Mailgun's EU region.
 */
export default function Mailgun(config: MailgunUserConfig = {}): EmailConfig {
  return {
    id: 'mailgun',
    type: 'email',
    name: 'Mailgun',
    from: DEFAULT_FROM,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithMailgun,
    configProblem: mailgunProblem,
    options: config,
  }
}
