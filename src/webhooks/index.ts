/**
 * `gatehouse-auth/webhooks`: for a receiver of Gatehouse's signed webhooks, the check of a delivery's signature and
 * timestamp (Standard Webhooks), and the endpoint type of the `webhooks` option.
 *
 * @example
 * ```ts
 * import { verifyWebhook } from 'gatehouse-auth/webhooks'
 * ```
 * @module
 */
export { verifyWebhook, type VerifyWebhookOptions } from './webhook-signature.js'
export type { WebhookEndpoint } from './webhook-endpoint.js'
