import type { AuditEvent } from '../audit/audit-event.js'
import type { ResolvedConfig } from '../config/resolved-config.js'
import type { WebhookEndpoint } from './webhook-endpoint.js'
import { signWebhook } from './webhook-signature.js'

/** Seconds before each retry of a delivery that failed (no answer, or not 2xx): five attempts in all. */
const BACKOFF_SECONDS = [1, 5, 30, 120]
/** How long one attempt may take. */
const ATTEMPT_TIMEOUT_MS = 10_000

/** The JSON body of an event, as receivers get it: the event with its time as ISO text. */
function payload(event: AuditEvent): string {
  return JSON.stringify({
    type: `account.${event.type}`,
    timestamp: event.createdAt.toISOString(),
    data: event,
  })
}

async function attempt(config: ResolvedConfig, endpoint: WebhookEndpoint, id: string, body: string) {
  const timestamp = Math.floor(Date.now() / 1000)
  const response = await config.fetch(endpoint.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': await signWebhook(endpoint.secret, id, timestamp, body),
    },
    body,
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  })
  await response.body?.cancel().catch(() => undefined)
  if (!response.ok) throw new Error(`answered ${response.status}`)
}

/**
 * Sends an event to every endpoint that wants it, in the background: the caller never waits (a receiver that is
 * down cannot delay a sign-in). Each delivery is retried with back-off, the same `webhook-id` every time (so a
 * receiver can drop repeats), through the configuration's fetch (`[customFetch]`); a delivery that never succeeds is
 * logged.
 */
export function deliverWebhooks(
  config: ResolvedConfig,
  endpoints: readonly WebhookEndpoint[],
  event: AuditEvent,
): void {
  for (const endpoint of endpoints) {
    if (endpoint.events !== undefined && !endpoint.events.includes(event.type)) continue
    const id = `msg_${event.id}`
    const body = payload(event)
    const run = (tries: number): void => {
      attempt(config, endpoint, id, body).catch((error: unknown) => {
        const wait = BACKOFF_SECONDS[tries]
        if (wait === undefined) {
          config.logger.error(
            new Error(`webhook ${id} to ${endpoint.url} failed ${tries + 1} times: ${String(error)}`),
          )
          return
        }
        const timer = setTimeout(() => run(tries + 1), wait * 1000)
        // A pending retry must not keep a process (a test, a CLI) alive.
        ;(timer as { unref?: () => void }).unref?.()
      })
    }
    run(0)
  }
}
