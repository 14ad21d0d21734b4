import type { Adapter } from '../../adapters/adapter.js'
import type {
  WebAuthnConfig,
  WebAuthnUserInfoOptions,
  WebAuthnUserInfoRequest,
} from '../../providers/provider-types.js'
import type { RequestContext } from '../../routing/request-context.js'

/**
 * The two arguments Auth.js hands a WebAuthn provider's hooks (`getUserInfo`, `getRelayingParty`): the options,
 * whose `url` is the public URL of the auth routes, and the parts of the request Auth.js's internal request has.
 */
export function hookArguments(
  ctx: RequestContext,
  provider: WebAuthnConfig,
  adapter: Adapter,
): [WebAuthnUserInfoOptions, WebAuthnUserInfoRequest] {
  const { req } = ctx
  return [
    { provider, adapter, url: new URL(`${ctx.origin}${ctx.config.basePath}`) },
    {
      method: req.method,
      query: req.query,
      body: req.body,
      headers: req.request.headers,
      cookies: req.cookies,
      url: req.url,
    },
  ]
}
