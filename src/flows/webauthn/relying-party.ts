import type { Adapter } from '../../adapters/adapter.js'
import type { RelyingPartyConfig, WebAuthnConfig } from '../../providers/provider-types.js'
import { getRelayingParty } from '../../providers/webauthn.js'
import type { RequestContext } from '../../routing/request-context.js'
import { hookArguments } from './hook-arguments.js'

/** The relying party of one request: the RP ID and name to put in options, and what responses are checked against. */
export interface RelyingParty {
  /** The RP ID options name. */
  id: string
  name: string
  /** Every RP ID a response may be for. */
  ids: string[]
  /** Every origin a response may come from. */
  origins: string[]
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' && v !== '')
}

/** Whether `host` is `rpId` or a subdomain of it (WebAuthn §5.1.3: an RP ID is a registrable suffix of the origin). */
function hostFits(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`)
}

/**
 * The relying party from the provider's `relyingParty` (or Auth.js's `relayingParty`), else from the public origin
 * of the request: `AUTH_URL` when set, else the request URL the configuration trusts (`trustHost`). Never from an
 * `Origin` header. With several RP IDs, options name the one the public host belongs to (else the first), and a
 * response for any of them is accepted. A `getRelayingParty` of the application's own decides instead: its one RP ID
 * and origin are the only ones accepted.
 */
export async function relyingParty(ctx: RequestContext, provider: WebAuthnConfig): Promise<RelyingParty> {
  const custom = provider.getRelayingParty
  if (custom !== undefined && custom !== getRelayingParty) {
    const chosen: unknown = await custom(...hookArguments(ctx, provider, ctx.config.adapter as Adapter))
    const { id, name, origin } = (chosen ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string' || typeof origin !== 'string' || !id || !origin) {
      throw new TypeError(
        `\`getRelayingParty\` of provider "${provider.id}" must answer { id, name, origin } as strings.`,
      )
    }
    return { id, name, ids: [id], origins: [origin] }
  }
  const configured: RelyingPartyConfig = provider.relyingParty ?? provider.relayingParty ?? {}
  const url = new URL(ctx.origin)
  const ids = list(configured.id)
  const names = list(configured.name)
  const origins = list(configured.origin)
  if (ids.length === 0) ids.push(url.hostname)
  if (origins.length === 0) origins.push(url.origin)
  const id = ids.find((rpId) => hostFits(url.hostname, rpId)) ?? ids[0]!
  return { id, name: names[0] ?? url.host, ids, origins }
}
