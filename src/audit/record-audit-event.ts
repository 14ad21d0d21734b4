import { cryptoBackend } from '#crypto'
import type { ResolvedConfig } from '../config/resolved-config.js'
import { MAX_USER_AGENT } from '../session/session-record.js'
import { deliverWebhooks } from '../webhooks/deliver-webhooks.js'
import { reasonCode, type AuditEvent, type AuditEventInput } from './audit-event.js'

/** What recording needs of a request: the configuration, and the request when there is one. */
export interface AuditContext {
  readonly config: ResolvedConfig
  readonly req?: { readonly request?: Request; readonly clientAddress?: string | undefined } | undefined
}

/**
 * Records one account event, through the adapter when it keeps an audit trail (Gatehouse's adapters), and hands
 * it to the configured webhooks. The one function every feature calls (sign-in, sign-out, sessions, passwords,
 * two-factor, passkeys). Never throws and never fails the action it records: a store that is down is logged.
 */
export async function recordAuditEvent(ctx: AuditContext, input: AuditEventInput): Promise<AuditEvent> {
  const { config } = ctx
  const userAgent = ctx.req?.request?.headers.get('user-agent') ?? null
  const event: AuditEvent = {
    id: cryptoBackend.randomUUID(),
    userId: input.userId ?? null,
    type: input.type,
    outcome: input.outcome ?? 'success',
    reason: reasonCode(input.reason),
    provider: reasonCode(input.provider),
    clientAddress: ctx.req?.clientAddress?.slice(0, 64) ?? null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    createdAt: new Date(),
  }
  const adapter = config.adapter
  if (typeof adapter?.createAuditEvent === 'function') {
    try {
      await adapter.createAuditEvent(event)
    } catch (error) {
      config.logger.error(error instanceof Error ? error : new Error(String(error)))
    }
  }
  // Webhooks go out in the background: a receiver that is slow or down never delays what is being recorded.
  if (config.webhooks.length > 0) deliverWebhooks(config, config.webhooks, event)
  return event
}
