import { AuthError, CredentialsSignin, isClientError } from '../errors.js'
import type { ResponseInternal } from '../types.js'
import type { RequestContext } from './request-context.js'

/** HTTP status of an error answered as JSON (`X-Auth-Return-Redirect`): Auth.js says 200, which hides failures. */
function jsonStatus(type: string): number {
  switch (type) {
    case 'CredentialsSignin':
      return 401
    case 'AccessDenied':
    case 'MissingCSRF':
    case 'Verification':
    case 'AccountNotLinked':
    case 'OAuthAccountNotLinked':
      return 403
    case 'Configuration':
      return 500
    default:
      return 400
  }
}

/**
 * The boundary where an error becomes a redirect (or JSON for `X-Auth-Return-Redirect`): to the sign-in page for
 * `signIn` errors, to the error page otherwise, with only client-safe `error` values in the URL (wire-contract §1.4).
 * Cookies that must be sent even on failure (used check cookies, a new CSRF token) are kept.
 */
export function errorResult(ctx: RequestContext, error: unknown): ResponseInternal {
  const { config, req } = ctx
  config.logger.error(error instanceof Error ? error : new AuthError(String(error)))
  if (req.action === 'session' && req.method === 'POST') {
    return { status: 400, headers: { 'Content-Type': 'application/json' }, body: null }
  }
  const type = isClientError(error) ? error.type : 'Configuration'
  const kind = error instanceof AuthError && isClientError(error) ? error.kind : 'error'
  const params = new URLSearchParams({ error: type })
  if (error instanceof CredentialsSignin) params.set('code', error.code)
  const custom = kind === 'signIn' ? config.pages.signIn : config.pages.error
  const page = custom ? ctx.pageUrl(custom) : ctx.actionUrl(kind === 'signIn' ? 'signin' : 'error')
  const url = `${page}${page.includes('?') ? '&' : '?'}${params}`
  const cookies = [...ctx.failureCookies]
  if (req.request.headers.has('X-Auth-Return-Redirect')) {
    return {
      status: jsonStatus(type),
      headers: { 'Content-Type': 'application/json' },
      body: { url },
      cookies,
    }
  }
  return { redirect: url, cookies }
}
