import { cryptoBackend } from '#crypto'
import type { EmailConfig, EmailLimits, SendLimit } from '../../providers/provider-types.js'
import { clientAddressOf, lastForwardedFor } from '../../rate-limit/client-address.js'
import type { RateLimitStore } from '../../rate-limit/rate-limit-store.js'
import type { RequestContext } from '../../routing/request-context.js'

const HOUR = 3_600_000

/**
 * Defaults that stop mail bombing without getting in a person's way: someone who lost five links in an hour is
 * rare, an office behind one address rarely asks for twenty.
 */
export const DEFAULT_SEND_LIMITS = Object.freeze({
  perAddress: Object.freeze({ max: 5, windowMs: HOUR }),
  perClient: Object.freeze({ max: 20, windowMs: HOUR }),
})

function clientOf(ctx: RequestContext, limits: EmailLimits): string | undefined {
  const how = limits.clientAddress
  if (how === 'x-forwarded-for') return lastForwardedFor(ctx.req.request)
  if (typeof how === 'function') return how(ctx.req.request) ?? undefined
  return clientAddressOf(ctx.req)
}

/** What {@link checkSendLimits} found: `over` names the limit reached, if any. */
export interface SendLimitCheck {
  over: 'address' | 'client' | undefined
}

/**
 * Counts one send for the address and for the client, and says whether either is over its limit, on the provider's
 * own `limits.store` or else the configuration's `stores.limits`. Keys (`email:address:…`, `email:client:…`) hold a
 * SHA-256 of the address, never the address, so a shared store does not collect who signs in.
 */
export async function checkSendLimits(
  ctx: RequestContext,
  provider: EmailConfig,
  address: string,
): Promise<SendLimitCheck> {
  const limits = provider.limits
  if (limits === false) return { over: undefined }
  const options = limits ?? {}
  const store = options.store ?? ctx.config.stores.limits
  const perAddress = options.perAddress ?? DEFAULT_SEND_LIMITS.perAddress
  const perClient = options.perClient ?? DEFAULT_SEND_LIMITS.perClient
  const client = perClient === false ? undefined : clientOf(ctx, options)
  const count = async (limit: SendLimit | false, kind: string, value: string | undefined) => {
    if (limit === false || value === undefined) return false
    const hit = await store.increment(`email:${kind}:${cryptoBackend.sha256Hex(value)}`, limit.windowMs)
    return hit.count > limit.max
  }
  const [addressOver, clientOver] = await Promise.all([
    count(perAddress, 'address', address),
    count(perClient, 'client', client),
  ])
  return { over: addressOver ? 'address' : clientOver ? 'client' : undefined }
}

/** Why a `limits` option cannot work, or `undefined`. */
export function sendLimitsProblem(limits: unknown): string | undefined {
  if (limits === undefined || limits === false) return undefined
  if (typeof limits !== 'object' || limits === null) return '`limits` must be an object or `false`.'
  const l = limits as Record<string, unknown>
  for (const key of ['perAddress', 'perClient'] as const) {
    const value = l[key]
    if (value === undefined || value === false) continue
    const { max, windowMs } = (typeof value === 'object' && value !== null ? value : {}) as Partial<
      Record<'max' | 'windowMs', unknown>
    >
    if (!(
      Number.isInteger(max) &&
      (max as number) >= 1 &&
      typeof windowMs === 'number' &&
      windowMs >= 1000
    )) {
      return `\`limits.${key}\` must be \`false\` or { max: a whole number from 1, windowMs: 1000 or more }.`
    }
  }
  const store = l.store as Partial<RateLimitStore> | undefined
  if (store !== undefined && (typeof store?.increment !== 'function' || typeof store.reset !== 'function'))
    return '`limits.store` must have `increment(key, windowMs)` and `reset(key)` (a RateLimitStore).'
  const how = l.clientAddress
  if (how !== undefined && how !== 'x-forwarded-for' && typeof how !== 'function')
    return '`limits.clientAddress` must be "x-forwarded-for" or a function of the request.'
  return undefined
}
