import type { AuditEvent } from '../audit/audit-event.js'

/** One webhook endpoint of the `webhooks` option. */
export interface WebhookEndpoint {
  /** Where events are POSTed (JSON). */
  url: string
  /** The signing secret, `whsec_` + base64 as Standard Webhooks gives it (or any string). */
  secret: string
  /** The event types sent; all when left out. */
  events?: readonly AuditEvent['type'][] | undefined
}
