import { createLogger } from '../lib/logger.js'
import type { AuthConfig } from '../types.js'

/**
 * The URL of an action (`session`, `signin`, …) for a request that reached the app with `headers`, as
 * `@auth/core`'s `createActionURL` builds it (wire-contract §1.12): the origin of `AUTH_URL` / `NEXTAUTH_URL` when set,
 * else `X-Forwarded-Host` / `Host` and `X-Forwarded-Proto` (else `protocol`, else `https`), then the base path.
 *
 * @example
 * ```ts
 * const url = createActionURL('session', 'https', request.headers, process.env, config)
 * ```
 */
export function createActionURL(
  action: string,
  protocol: string | undefined,
  headers: Headers,
  env: Record<string, string | undefined>,
  config: Pick<AuthConfig, 'basePath' | 'logger' | 'debug'>,
): URL {
  const basePath = config.basePath
  const envUrl = env.AUTH_URL || env.NEXTAUTH_URL
  let url: URL
  if (envUrl) {
    url = new URL(envUrl)
    if (basePath && basePath !== '/' && url.pathname !== '/') {
      // Compared as written, as Auth.js does: `/api/auth/` against `/api/auth` is worth the warning too.
      if (url.pathname !== basePath) {
        createLogger(config.logger, config.debug === true).warn('env-url-basepath-mismatch')
      }
      url.pathname = '/'
    }
  } else {
    const host = headers.get('x-forwarded-host') ?? headers.get('host')
    const proto = headers.get('x-forwarded-proto') ?? protocol ?? 'https'
    url = new URL(`${proto.endsWith(':') ? proto : `${proto}:`}//${host}`)
  }
  const origin = url.toString().replace(/\/$/, '')
  if (!basePath) return new URL(`${origin}/${action}`)
  return new URL(`${origin}/${basePath.replace(/(^\/|\/$)/g, '')}/${action}`)
}
