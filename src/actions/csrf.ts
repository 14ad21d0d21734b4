import type { RequestContext } from '../routing/request-context.js'
import { noStoreHeaders } from '../session/no-store-headers.js'
import type { ResponseInternal } from '../types.js'

/**
 * GET /csrf: the token for forms, with its cookie when a new one was minted. With `skipCSRFCheck` there is no
 * token: 404, and any old CSRF cookie is cleared.
 */
export function csrf(ctx: RequestContext): Promise<ResponseInternal> {
  const { name, options } = ctx.cookies.csrfToken
  if (ctx.config.skipCSRFCheck) {
    return Promise.resolve({
      status: 404,
      cookies: [{ name, value: '', options: { ...options, maxAge: 0 } }],
    })
  }
  const state = ctx.csrf()
  return Promise.resolve({
    status: 200,
    headers: noStoreHeaders,
    body: { csrfToken: state.token },
    ...(state.cookie ? { cookies: [state.cookie] } : {}),
  })
}
