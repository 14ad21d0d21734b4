import { renderErrorPage } from '../pages/error-page.js'
import type { AuthConfig, ResponseInternal } from '../types.js'
import { safeLocation } from './safe-location.js'

/**
 * The answer to any request while the configuration is broken (wire-contract §1.4 #2): pages get the error page
 * (or `pages.error`), everything else a 500 JSON message. The log has the list of problems; in development the
 * built-in page lists them too (`developmentProblems`, never passed in production). Whether the path is a page
 * (`page`) is the router's to say (`isPagePath` of `routing/default-router.ts`): the answer imports no router.
 */
export function configErrorResult(
  request: Request,
  input: AuthConfig,
  page: boolean,
  developmentProblems?: readonly string[],
): ResponseInternal {
  const url = new URL(request.url)
  if (request.method === 'GET' && page) {
    const errorPath = typeof input.pages?.error === 'string' ? input.pages.error : undefined
    if (errorPath && !url.searchParams.get('callbackUrl')?.startsWith(errorPath)) {
      const target = `${/^https?:/i.test(errorPath) ? '' : url.origin}${errorPath}?error=Configuration`
      return { redirect: safeLocation(target) ?? url.origin }
    }
    const page = renderErrorPage({
      error: 'Configuration',
      signinUrl: '#',
      theme: input.theme ?? {},
      developmentProblems,
    })
    return { status: page.status, headers: page.headers, body: page.html }
  }
  return {
    status: 500,
    headers: { 'Content-Type': 'application/json' },
    body: {
      message:
        'There was a problem with the server configuration. Check the server logs for more information.',
    },
  }
}

/** The answer to a request that cannot be parsed or routed (wire-contract §1.1): `"Bad request."` as JSON. */
export function badRequest(status = 400): ResponseInternal {
  return {
    status,
    headers: { 'Content-Type': 'application/json' },
    body: 'Bad request.',
  }
}
