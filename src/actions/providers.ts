import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'

/** A provider as the client may see it (spec §2.6). */
export interface PublicProvider {
  id: string
  name: string
  type: string
  signinUrl: string
  callbackUrl: string
}

/** GET /providers: every configured provider, keyed by id, with absolute URLs and nothing secret. */
export function providers(ctx: RequestContext): Promise<ResponseInternal<Record<string, PublicProvider>>> {
  const body: Record<string, PublicProvider> = {}
  for (const p of ctx.config.providers) {
    body[p.id] = {
      id: p.id,
      name: p.name,
      type: p.type,
      signinUrl: ctx.actionUrl('signin', p.id),
      callbackUrl: ctx.actionUrl('callback', p.id),
    }
  }
  return Promise.resolve({ status: 200, headers: { 'Content-Type': 'application/json' }, body })
}
