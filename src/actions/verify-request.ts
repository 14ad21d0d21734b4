import { renderVerifyRequestPage } from '../pages/verify-request-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { pageResult } from '../pages/page-result.js'

/** GET /verify-request: "check your e-mail", or a redirect to `pages.verifyRequest` with the original query. */
export function verifyRequest(ctx: RequestContext): Promise<ResponseInternal> {
  const { config, req } = ctx
  if (config.pages.verifyRequest)
    return Promise.resolve({ redirect: `${config.pages.verifyRequest}${req.url.search}` })
  return Promise.resolve(
    pageResult(
      renderVerifyRequestPage({ url: ctx.origin, signinUrl: ctx.actionUrl('signin'), theme: config.theme }),
    ),
  )
}
