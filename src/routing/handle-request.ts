import { recordAuditEvent } from '../audit/record-audit-event.js'
import type { ResolvedConfig } from '../config/resolve-config.js'
import { AdapterError, AuthError, InvalidProvider, MissingCSRF, UnknownAction } from '../errors.js'
import { flowFor } from '../flows/flow-for.js'
import type { ResponseInternal } from '../types.js'
import { badRequest, errorResult, withSafeLocation } from '../answer/index.js'
import { isPending } from '../crypto/maybe-then.js'
import { parseRequest } from './parse-request.js'
import { RequestContext } from './request-context.js'

/**
 * Parses the request, finds its route (an Auth.js action or a feature route, through the configuration's router),
 * enforces the route's needs (method, provider, CSRF) in this one place, runs the handler, and turns errors into
 * results at one boundary. In `raw` mode a sign-in error is re-thrown to the
 * framework wrapper unless the client asked for a JSON redirect.
 */
export async function handleRequest(
  request: Request,
  config: ResolvedConfig,
  { raw = config.raw, clientAddress }: { raw?: boolean; clientAddress?: string | undefined } = {},
): Promise<ResponseInternal> {
  const parsing = parseRequest(request, config.basePath, config.router, clientAddress)
  const parsed = isPending(parsing) ? await parsing : parsing
  if ('failure' in parsed) {
    config.logger.debug(`bad request: ${parsed.failure}: ${parsed.detail}`)
    if (parsed.failure === 'unknown-action')
      config.logger.error(new UnknownAction(`Cannot handle ${parsed.detail}.`))
    return badRequest(parsed.failure === 'too-large' ? 413 : 400)
  }
  const route = parsed.match.routes[parsed.method]
  if (!route) {
    config.logger.error(new UnknownAction(`${parsed.method} is not allowed on /${parsed.match.path}.`))
    return badRequest()
  }
  const ctx = new RequestContext(config, parsed)
  try {
    if (route.provider !== 'ignored' && (parsed.providerId !== undefined || route.provider === 'required')) {
      const provider =
        parsed.providerId === undefined ? undefined : config.providerById.get(parsed.providerId)
      if (!provider) {
        throw new InvalidProvider(
          `No provider with id "${String(parsed.providerId).slice(0, 64)}" is configured.`,
          {
            reason: 'unknown_provider',
          },
        )
      }
      ctx.provider = provider
    }
    let needsCsrf = route.csrf === 'always'
    if (route.csrf === 'flow' && ctx.provider) {
      const flow = flowFor(ctx.provider)
      if (!flow.callbackMethods.includes(parsed.method)) {
        throw new InvalidProvider(
          `Provider "${ctx.provider.id}" does not accept ${parsed.method} on its callback.`,
          {
            reason: 'callback_method',
          },
        )
      }
      needsCsrf = parsed.method === 'POST' && flow.callbackNeedsCsrf
    }
    if (needsCsrf && !config.skipCSRFCheck) {
      const csrf = ctx.csrf()
      if (csrf.cookie) ctx.failureCookies.push(csrf.cookie)
      if (!csrf.verified) {
        throw new MissingCSRF(
          csrf.cookie
            ? 'The CSRF cookie is missing or not authentic; fetch /csrf first and post its token.'
            : 'The posted csrfToken does not match the CSRF cookie.',
          { reason: csrf.cookie ? 'csrf_cookie_missing' : 'csrf_token_mismatch' },
        )
      }
    }
    return withSafeLocation(await route.handler(ctx), ctx.origin)
  } catch (error) {
    // A failed sign-in goes to the audit trail with its reason code (never the submitted values); a database that
    // failed is an outage, not a failed sign-in of the account (and the trail lives in that database).
    if (parsed.action === 'callback' && error instanceof AuthError && !(error instanceof AdapterError)) {
      await recordAuditEvent(ctx, {
        type: 'sign-in-failed',
        outcome: 'failure',
        provider: parsed.providerId,
        reason: error.reason ?? error.type,
      })
    }
    if (raw && error instanceof AuthError && !request.headers.has('X-Auth-Return-Redirect')) throw error
    return withSafeLocation(errorResult(ctx, error), ctx.origin)
  }
}
