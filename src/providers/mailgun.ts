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

/**
 * Options of {@link Mailgun}: the sending `domain` (default: the domain of `from`'s address, as Auth.js takes it) and
 * `region: 'eu'` for a domain in Mailgun's EU region (Auth.js's `'EU'` / `'US'` are accepted too).
 */
export type MailgunUserConfig = HttpSenderUserConfig & { domain?: string; region?: 'us' | 'eu' | 'US' | 'EU' }

/** The sending domain: `domain`, else the domain of the address in `from` (`Name <a@mg.example.com>`). */
function sendingDomain(provider: EmailConfig): string | undefined {
  if (typeof provider.domain === 'string') return provider.domain
  const from = provider.from ?? DEFAULT_FROM
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  return address.split('@').at(1)?.trim()
}

function isEu(region: unknown): boolean {
  return typeof region === 'string' && region.toLowerCase() === 'eu'
}

// Checked (2026-11) against Mailgun's API overview (documentation.mailgun.com/docs/mailgun/api-reference: HTTP Basic
// `api:<key>`, base https://api.mailgun.net or https://api.eu.mailgun.net for an EU domain, URLs under /v3/{domain})
// and Auth.js 0.41's provider (POST /v3/{domain}/messages as a form: from, to, subject, html, text).
async function sendWithMailgun(params: SendVerificationRequestParams) {
  const { identifier, url, expires, provider, theme } = params
  const apiKey = requireApiKey(provider)
  const message = params.message ?? verificationEmail({ url, expires, theme })
  const base = isEu(provider.region) ? 'https://api.eu.mailgun.net' : 'https://api.mailgun.net'
  const domain = encodeURIComponent(String(sendingDomain(provider)))
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
  const { region } = provider
  const domain = sendingDomain(provider)
  // The domain becomes a path segment: a host name only, so that nothing can point the request elsewhere.
  if (domain === undefined || !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(domain))
    return `provider "${provider.id}" needs \`domain\`: your Mailgun sending domain (mg.example.com), or a \`from\` address on it.`
  if (region !== undefined && !(typeof region === 'string' && ['us', 'eu'].includes(region.toLowerCase())))
    return `provider "${provider.id}": \`region\` must be "eu" (a domain in Mailgun's EU region) or "us" (the default).`
  return apiKeyProblem(provider)
}

/**
 * Sign-in links by e-mail through Mailgun's HTTP API (id `mailgun`), as Auth.js's provider of that name. Needs an
 * adapter, `apiKey` (default `AUTH_MAILGUN_KEY`) and a sending domain (`domain`, or the domain of `from`);
 * `region: 'eu'` for a domain in Mailgun's EU region.
 */
export default function Mailgun(config: MailgunUserConfig = {}): EmailConfig {
  return builtInSender(
    {
      id: 'mailgun',
      name: 'Mailgun',
      sendVerificationRequest: sendWithMailgun,
      configProblem: mailgunProblem,
    },
    config,
  )
}
