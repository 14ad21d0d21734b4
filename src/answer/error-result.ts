import { AuthError, CredentialsSignin, isClientError } from '../errors.js'
import type { ResponseInternal } from '../types.js'
import { errorPageCode, errorStatus } from './error-status.js'
import type { RequestContext } from '../routing/request-context.js'

/**
 * The boundary where an error becomes a redirect (or JSON for `X-Auth-Return-Redirect`): to the sign-in page for
 * `signIn` errors, to the error page otherwise, with only client-safe `error` values in the URL (wire-contract §1.4).
 * The JSON status, and the error page's through `code`, follow the cause ({@link errorStatus}), not the `error`.
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
  const status = errorStatus(error)
  const params = new URLSearchParams({ error: type })
  if (error instanceof CredentialsSignin) params.set('code', error.code)
  else if (type === 'Configuration') {
    const code = errorPageCode(status)
    if (code !== undefined) params.set('code', code)
  }
  const custom = kind === 'signIn' ? config.pages.signIn : config.pages.error
  const page = custom ? ctx.pageUrl(custom) : ctx.actionUrl(kind === 'signIn' ? 'signin' : 'error')
  const url = `${page}${page.includes('?') ? '&' : '?'}${params}`
  const cookies = [...ctx.failureCookies]
  if (req.request.headers.has('X-Auth-Return-Redirect')) {
    return {
      status,
      headers: { 'Content-Type': 'application/json' },
      body: { url },
      cookies,
    }
  }
  return { redirect: url, cookies }
}
