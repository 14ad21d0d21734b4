import type { ReportIssue } from '../config/config-issues.js'
import type { WebhookEndpoint } from './webhook-endpoint.js'

/** The `webhooks` option checked: each an `http(s)` URL and a secret of at least 16 characters. */
export function resolveWebhooks(option: unknown, report: ReportIssue): readonly WebhookEndpoint[] {
  if (option === undefined) return []
  if (!Array.isArray(option)) {
    report({ option: 'webhooks', problem: 'is not an array.', fix: 'Give [{ url, secret, events? }].' })
    return []
  }
  const endpoints: WebhookEndpoint[] = []
  for (const [i, value] of option.entries()) {
    const e = value as Partial<WebhookEndpoint> | null
    let url: URL | undefined
    try {
      url = typeof e?.url === 'string' ? new URL(e.url) : undefined
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      report({
        option: `webhooks[${i}].url`,
        problem: 'is not an http(s) URL.',
        fix: 'Give the receiver’s URL.',
      })
      continue
    }
    if (typeof e?.secret !== 'string' || e.secret.length < 16) {
      report({
        option: `webhooks[${i}].secret`,
        problem: 'is missing or shorter than 16 characters.',
        fix: 'Give the signing secret, `whsec_` + base64 of 24 or more random bytes.',
      })
      continue
    }
    endpoints.push(Object.freeze({ url: url.href, secret: e.secret, events: e.events }))
  }
  return Object.freeze(endpoints)
}
