import type { IncomingMessage } from 'node:http'

/** The URL a request addresses, or why none can be built. */
export type RequestOrigin = { url: string } | string

// RFC 3986 host (a registered name or an IPv4 address, or an IPv6 literal in brackets) and an optional port.
// Stricter than RFC 3986's reg-name on purpose: no user info, no percent-encoding, no sub-delims, nothing that a
// URL parser would rewrite into another host.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?\.?)(?::(\d{1,5}))?$/

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value
  return v?.split(',')[0]?.trim() || undefined
}

// A server sees a handful of distinct Host values; the URL parse is the costly part of every request's intake.
// Bounded, so a client sending random hosts costs at most a cleared map.
const checkedHosts = new Map<string, string | null>()
const MAX_CHECKED_HOSTS = 64

/** Checks a `Host` (or `X-Forwarded-Host`) value; returns the host as the URL parser normalises it, or `null`. */
function checkedHost(value: string): string | null {
  let host = checkedHosts.get(value)
  if (host === undefined) {
    host = parseHost(value)
    if (checkedHosts.size >= MAX_CHECKED_HOSTS) checkedHosts.clear()
    checkedHosts.set(value, host)
  }
  return host
}

function parseHost(value: string): string | null {
  const match = HOST.exec(value)
  if (!match) return null
  const port = match[1]
  if (port !== undefined && Number(port) > 65_535) return null
  try {
    return new URL(`http://${value}`).host
  } catch {
    return null
  }
}

/**
 * The absolute URL of a `node:http` request: scheme and authority from the connection and `Host` (or the trusted
 * proxy headers), or from an absolute-form target, whose authority wins over `Host` (RFC 9112 §3.2.2); path and
 * query from the target. Returns a reason instead of throwing when the target or the host is unusable.
 */
export function requestOrigin(req: IncomingMessage, options: { trustProxy?: boolean }): RequestOrigin {
  const encrypted = (req.socket as { encrypted?: boolean } | null)?.encrypted === true
  const forwardedProto = options.trustProxy ? first(req.headers['x-forwarded-proto']) : undefined
  const proto =
    (forwardedProto ?? (encrypted ? 'https' : 'http')).toLowerCase() === 'https' ? 'https' : 'http'
  const target = req.url ?? '/'
  if (target.startsWith('/')) {
    const forwarded = options.trustProxy ? first(req.headers['x-forwarded-host']) : undefined
    const raw = forwarded ?? req.headers.host ?? 'localhost'
    const host = checkedHost(raw)
    if (host === null) return forwarded !== undefined ? 'unusable X-Forwarded-Host.' : 'unusable Host header.'
    // Concatenated, never resolved against a base: `new URL('//evil.example/x', base)` would change the host.
    return { url: `${proto}://${host}${target}` }
  }
  // Absolute form (proxies send it): RFC 9112 §3.2.2 has the origin server ignore Host and use the target's
  // authority. Only http and https, and no user info (RFC 9110 §4.2.4 makes it an error).
  if (/^https?:\/\//i.test(target)) {
    let url: URL
    try {
      url = new URL(target)
    } catch {
      return 'unusable request target.'
    }
    const authority = target.slice(target.indexOf('//') + 2).split(/[/?#]/, 1)[0] ?? ''
    if (url.username !== '' || url.password !== '' || authority.includes('@'))
      return 'user info in the target.'
    const host = checkedHost(authority)
    if (host === null) return 'unusable host in the request target.'
    return { url: `${url.protocol}//${host}${url.pathname}${url.search}` }
  }
  // Asterisk form (`OPTIONS *`), authority form (`CONNECT host:port`) and anything else address no resource here.
  return 'unsupported request target.'
}
