import type { RequestContext } from '../routing/request-context.js'
import type { ResponseInternal } from '../types.js'
import { webauthnScriptAsset } from './webauthn-script-asset.js'

/**
 * GET `{basePath}/webauthn-script/{hash}.js`: the sign-in page's passkey script, served by Gatehouse (never from a
 * CDN). Only the current name answers, and it is immutable; any other name is a 404, so an old page never runs a
 * script it was not hashed for (its `integrity` would refuse it anyway).
 */
export function webauthnScriptAnswer(ctx: RequestContext): Promise<ResponseInternal<string>> {
  const asset = webauthnScriptAsset()
  if (ctx.req.param !== asset.fileName) {
    return Promise.resolve({
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      body: 'Not found',
    })
  }
  return Promise.resolve({
    status: 200,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
    body: asset.body,
  })
}
