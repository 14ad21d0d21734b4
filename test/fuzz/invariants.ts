/**
 * What must hold for every answer, whatever was asked: no 5xx except a real misconfiguration, no stack trace or
 * unescaped reflected input, no session cookie on a failure, no `Location` off the request's origin.
 */
import { MARKER } from './request-arbitrary.js'
import { header, type FuzzRequest } from './fuzz-request.js'
import { DOWN_PROVIDER, type FuzzConfigName } from './fuzz-configs.js'
import { SESSION_COOKIE, type FuzzResponse } from './fuzz-material.js'

/** Where the answer may send the browser: the origins the server could take the request to be for. */
export function requestOrigins(req: FuzzRequest, fixedOrigin?: string): Set<string> {
  if (fixedOrigin) return new Set([fixedOrigin])
  const origins = new Set<string>()
  const add = (url: string) => {
    try {
      const origin = new URL(url).origin
      if (origin !== 'null') origins.add(origin)
    } catch {
      // Not an origin this request could be for.
    }
  }
  if (/^https?:\/\//i.test(req.target)) add(req.target)
  // A field value's surrounding spaces and tabs are not part of it (RFC 9110 §5.5); Node's parser drops them.
  const host = header(req, 'host')?.replace(/^[ \t]+|[ \t]+$/g, '')
  add(`http://${host ?? 'localhost:3000'}/`)
  return origins
}

/**
 * A 5xx is allowed only where the server, not the request, is at fault: the OpenID provider whose issuer cannot be
 * reached, on the two flows that need its discovery document (starting a sign-in with it, and its callback), answers
 * 502 in JSON mode and 500/503 on pages. The error page asked for `error=Configuration` answers 500 by the Auth.js
 * wire contract (wire-contract §1.4), or 503 with `code=unavailable`, and says nothing.
 */
function allowed5xx(req: FuzzRequest, config: FuzzConfigName, res: FuzzResponse): boolean {
  let path: string
  try {
    path = new URL(req.target, 'http://localhost:3000').pathname.replace(/\/+/g, '/').replace(/\/$/, '')
  } catch {
    return false
  }
  if (config === 'oidc-unreachable' && [500, 502, 503].includes(res.status)) {
    const upper = req.method.toUpperCase()
    if (upper === 'POST' && path === `/auth/signin/${DOWN_PROVIDER}`) return true
    if ((upper === 'GET' || upper === 'POST') && path === `/auth/callback/${DOWN_PROVIDER}`) return true
  }
  return (
    (res.status === 500 || res.status === 503) &&
    path === '/auth/error' &&
    /[?&]error=Configuration(&|$)/.test(req.target)
  )
}

/** Trace frames (`at fn (file:1:2)`) and source paths: nothing of the server's internals goes to a client. */
const internals = /\n\s+at |\bat [\w.<>]+ \(|file:\/\/|node_modules|\/work\/|\.[jt]s:\d+:\d+/

/** Whether the answer sets a live session cookie (a value, not a clearing `Max-Age=0`). */
function setsSession(res: FuzzResponse): boolean {
  return res.headers.some(([n, v]) => {
    if (n !== 'set-cookie') return false
    const [pair = '', ...attrs] = v.split(';')
    const name = pair.slice(0, pair.indexOf('='))
    if (name !== SESSION_COOKIE && !name.startsWith(`${SESSION_COOKIE}.`)) return false
    const value = pair.slice(pair.indexOf('=') + 1)
    const cleared = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a))
    return value !== '' && !cleared
  })
}

function redirectTarget(res: FuzzResponse): string | undefined {
  const location = res.headers.find(([n]) => n === 'location')?.[1]
  if (location !== undefined) return location
  if (!res.headers.some(([n, v]) => n === 'content-type' && v.includes('json'))) return undefined
  try {
    const body = JSON.parse(res.body) as { url?: unknown }
    return typeof body?.url === 'string' ? body.url : undefined
  } catch {
    return undefined
  }
}

/** The cookies Gatehouse sets (insecure or prefixed names, session chunks); any other name is an injection. */
const ownCookie =
  /^(__Secure-|__Host-)?(authjs\.(session-token(\.\d+)?|csrf-token|callback-url|pkce\.code_verifier|state|nonce|challenge)|gatehouse\.sign-in-values)$/

/** Every broken invariant of one answer, as sentences; empty when the answer is sound. */
export function violations(
  req: FuzzRequest,
  res: FuzzResponse,
  config: FuzzConfigName,
  fixedOrigin?: string,
): string[] {
  const found: string[] = []
  if (res.status >= 500 && !allowed5xx(req, config, res)) found.push(`status ${res.status}`)
  if (internals.test(res.body))
    found.push(`internals in the body: ${JSON.stringify(res.body.match(internals)?.[0])}`)
  if (res.body.includes(MARKER)) found.push('the marker came back unescaped in the body')
  for (const [n, v] of res.headers) {
    if (n !== 'set-cookie') continue
    const name = v.slice(0, v.indexOf('='))
    if (!ownCookie.test(name))
      found.push(`a cookie Gatehouse does not own was set: ${JSON.stringify(v.slice(0, 80))}`)
  }
  const target = redirectTarget(res)
  const failed = res.status >= 400 || (target !== undefined && /[?&]error=/.test(target))
  if (failed && setsSession(res)) found.push('a session cookie on a failed request')
  if (target !== undefined && !/^\/(?![/\\])/.test(target)) {
    let origin: string | undefined
    try {
      origin = new URL(target).origin
    } catch {
      origin = undefined
    }
    const origins = requestOrigins(req, fixedOrigin)
    if (origin === undefined || !origins.has(origin))
      found.push(`a redirect off the request's origin (${[...origins].join(', ')}): ${target.slice(0, 200)}`)
  }
  return found
}
