import { ErrorPageLoop } from '../errors.js'
import { renderErrorPage } from '../pages/error-page.js'
import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { pageResult, withQuery } from '../pages/page-result.js'

/** GET /error: the built-in error page (its status follows `?error=`), or a redirect to `pages.error`. */
export function errorPage(ctx: RequestContext): Promise<ResponseInternal> {
  const { config, req } = ctx
  const plain = (value: string | undefined) => (/^[A-Za-z0-9_-]{1,64}$/.test(value ?? '') ? value : undefined)
  const error = plain(req.query.error)
  const code = plain(req.query.code)
  if (config.pages.error) {
    if (!req.query.callbackUrl?.startsWith(config.pages.error)) {
      return Promise.resolve({ redirect: withQuery(config.pages.error, { error, code }) })
    }
    config.logger.error(
      new ErrorPageLoop(
        `\`pages.error\` (${config.pages.error}) redirects to itself; the built-in page is shown.`,
      ),
    )
  }
  const page = renderErrorPage({
    ...(error ? { error } : {}),
    ...(code ? { code } : {}),
    signinUrl: ctx.actionUrl('signin'),
    theme: config.theme,
  })
  return Promise.resolve(pageResult(page))
}
