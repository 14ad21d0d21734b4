import type { AuthConfig, LoggerInstance } from '../types.js'
import type { ReportIssue } from './config-issues.js'
import type { EnvDefaults } from './read-env.js'

/** Where Gatehouse is reached: the public address, the mount path and whether a request's own host is trusted. */
export interface ResolvedUrls {
  /** The public address from `AUTH_URL`; when set, the request's own host is never used. */
  readonly authUrl: URL | undefined
  /** The mount path, without a trailing slash. */
  readonly basePath: string
}

function parseAuthUrl(value: string | undefined, report: ReportIssue): URL | undefined {
  if (value === undefined) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url
  } catch {
    // Reported below, with what to set instead.
  }
  report({
    option: 'AUTH_URL',
    problem: `"${value}" is not an http(s) URL.`,
    fix: 'Set it to the public address of the app, like https://app.example.com.',
  })
  return undefined
}

/**
 * `AUTH_URL`, `basePath` (from the path of `AUTH_URL` when not set, else `/auth`) and host trust: with neither
 * `AUTH_URL` nor `trustHost`, the Host header of a request cannot be believed and nothing can answer.
 */
export function resolveUrls(
  config: AuthConfig,
  fromEnv: EnvDefaults,
  report: ReportIssue,
  logger: LoggerInstance,
): ResolvedUrls {
  const authUrl = parseAuthUrl(fromEnv.authUrl, report)
  let basePath = config.basePath ?? (authUrl && authUrl.pathname !== '/' ? authUrl.pathname : '/auth')
  if (typeof basePath !== 'string' || !basePath.startsWith('/') || /[?#\s]/.test(basePath)) {
    report({
      option: 'basePath',
      problem: `"${String(basePath)}" is not a path starting with "/".`,
      fix: 'Use a path like "/auth", without query, fragment or spaces.',
    })
    basePath = '/auth'
  }
  basePath = basePath.replace(/\/+$/, '')
  if (
    config.basePath !== undefined &&
    authUrl &&
    authUrl.pathname !== '/' &&
    authUrl.pathname.replace(/\/+$/, '') !== basePath
  ) {
    logger.warn('env-url-basepath-mismatch')
  }

  const trustHost = config.trustHost ?? (authUrl !== undefined ? true : fromEnv.trustHost) ?? false
  if (!trustHost && authUrl === undefined) {
    report({
      option: 'trustHost',
      problem: 'the host of requests is not trusted: neither AUTH_URL nor `trustHost` is set.',
      fix:
        'Set AUTH_URL to the public address of the app, or set `trustHost: true` (AUTH_TRUST_HOST=true) if a ' +
        'proxy you control sets the Host header.',
      type: 'UntrustedHost',
      message: 'Host must be trusted.',
    })
  }
  return { authUrl, basePath }
}
