/**
 * `getToken` of `gatehouse-auth/jwt`: reads the session JWT of a request outside the Gatehouse handler (middleware, API
 * routes), a drop-in for `getToken` of `@auth/core/jwt`.
 *
 * @module
 */
import { defaultCookies } from '../cookies/default-cookies.js'
import { parseCookies } from '../cookies/parse-cookies.js'
import { readChunkedCookie } from '../cookies/session-cookie-chunks.js'
import { MissingSecret } from '../errors.js'
import { processEnv } from '../lib/process-env.js'
import type { JWT, JWTOptions, LoggerInstance } from '../types.js'
import { decode as defaultDecode } from './decode.js'

/** Header maps as web frameworks and Node's `IncomingMessage` give them. */
type HeaderRecord = Record<string, string | string[] | undefined>

/** Parameters of {@link getToken}. */
export interface GetTokenParams<R extends boolean = false> {
  /** The request: a web `Request`, or any object with headers (and, optionally, its absolute `url`). */
  req: Request | { headers: Headers | HeaderRecord; url?: string | undefined }
  /** Defaults to `process.env.AUTH_SECRET`. */
  secret?: string | string[] | undefined
  /** Key-derivation salt; defaults to the cookie name. */
  salt?: string | undefined
  /**
   * Whether to read the `__Secure-` cookie. When omitted it is inferred from the request URL (`https:` means
   * secure), where Auth.js assumes `false` and so misses the session on HTTPS deployments.
   */
  secureCookie?: boolean | undefined
  /** The session cookie name; overrides `secureCookie`. */
  cookieName?: string | undefined
  /** Return the encrypted token as sent instead of its claims. */
  raw?: R | undefined
  /** A custom decoder, as `jwt.decode` in the configuration. */
  decode?: JWTOptions['decode'] | undefined
  logger?: Partial<Pick<LoggerInstance, 'debug'>> | Console | undefined
}

/**
 * Returns the claims of the request's session token, read from the (possibly chunked) session cookie or else from
 * `Authorization: Bearer <url-encoded JWE>`, or `null` when there is none or it does not decode; with `raw: true`
 * it returns the token itself. Bad input never throws; a missing secret does (`MissingSecret`), since every call
 * would otherwise silently return `null`.
 *
 * When neither `secureCookie` nor `cookieName` is given and the URL is not `https:` (or unknown, as behind a
 * TLS-terminating proxy), the plain cookie is looked for first and then the `__Secure-` one; only an HTTPS page can
 * set a `__Secure-` cookie, so accepting it cannot let a plain-HTTP attacker plant a session.
 *
 * @example
 * ```ts
 * const token = await getToken({ req: request, secret: process.env.AUTH_SECRET })
 * if (token?.sub) ...
 * ```
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<R extends true ? string | null : JWT | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<string | JWT | null> {
  const { req, raw = false, decode = defaultDecode, logger } = params
  if (req === null || typeof req !== 'object' || req.headers === null || typeof req.headers !== 'object') {
    throw new TypeError('getToken needs `req`: a Request or an object with `headers`')
  }
  const secret = params.secret ?? (processEnv()['AUTH_SECRET'] || undefined)
  if (!raw && (secret === undefined || secret === '' || (Array.isArray(secret) && secret.length === 0))) {
    const message = 'getToken needs `secret` (or AUTH_SECRET in the environment) to decode the token'
    throw new MissingSecret(message, { reason: 'missing_secret' })
  }

  const found = findToken(req, params)
  if (found === null) return null
  if (raw) return found.token
  try {
    return (
      (await decode({ token: found.token, secret: secret as string | string[], salt: found.salt })) ?? null
    )
  } catch (error) {
    // A misconfiguration (e.g. `['', 'old']`) must surface, not read as "signed out" on every request.
    if (error instanceof MissingSecret) throw error
    // A custom decoder may throw on a bad token; that is still bad input, so the answer is "no session".
    logger?.debug?.('GETTOKEN_DECODE_FAILED', { error })
    return null
  }
}

function findToken(
  req: GetTokenParams<boolean>['req'],
  params: GetTokenParams<boolean>,
): { token: string; salt: string } | null {
  const { cookieName, salt } = params
  const cookies = parseCookies(header(req.headers, 'cookie'))
  for (const name of cookieNames(req, params)) {
    const token = readChunkedCookie(cookies, name)
    if (token !== undefined) return { token, salt: salt ?? name }
  }

  const authorization = header(req.headers, 'authorization')?.trim()
  if (authorization === undefined) return null
  const space = authorization.indexOf(' ')
  // RFC 9110 §11.1: the auth scheme is case-insensitive.
  if (space === -1 || authorization.slice(0, space).toLowerCase() !== 'bearer') return null
  const encoded = authorization.slice(space + 1).trim()
  if (encoded === '') return null
  let token: string
  try {
    token = decodeURIComponent(encoded)
  } catch {
    // GHSA-xmf8-cvqr-rfgj: a malformed escape is bad input, not a crash.
    return null
  }
  const defaultName = cookieName ?? defaultCookies(params.secureCookie ?? isHttps(req)).sessionToken.name
  return { token, salt: salt ?? defaultName }
}

/** Cookie names to look for, in order; see {@link getToken} for why the `__Secure-` fallback is safe. */
function cookieNames(req: GetTokenParams<boolean>['req'], params: GetTokenParams<boolean>): string[] {
  if (params.cookieName !== undefined) return [params.cookieName]
  if (params.secureCookie !== undefined) return [defaultCookies(params.secureCookie).sessionToken.name]
  if (isHttps(req)) return [defaultCookies(true).sessionToken.name]
  return [defaultCookies(false).sessionToken.name, defaultCookies(true).sessionToken.name]
}

function isHttps(req: GetTokenParams<boolean>['req']): boolean {
  const url: unknown = (req as { url?: unknown }).url
  return typeof url === 'string' && url.slice(0, 6).toLowerCase() === 'https:'
}

function header(headers: Headers | HeaderRecord, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const record = headers as HeaderRecord
  let value = Object.hasOwn(record, name) ? record[name] : undefined
  if (value === undefined) {
    // Plain objects may spell header names in any case.
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() === name) {
        value = record[key]
        break
      }
    }
  }
  if (typeof value === 'string') return value
  // Node joins repeated Cookie headers with "; "; an array here means the caller did not.
  if (Array.isArray(value))
    return value.filter((entry) => typeof entry === 'string').join(name === 'cookie' ? '; ' : ', ')
  return undefined
}
