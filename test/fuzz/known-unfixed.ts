/**
 * Classes of request the fuzzer does not send yet because a known, separately fixed finding of issue #14 breaks
 * them. TEMPORARY: each entry goes as soon as its fix is on `main`; the final branch has this list empty.
 * Requests matching an entry are counted and reported (never silently passed).
 */
import { parseAction } from '../../src/routing/parse-request.js'
import { header, type FuzzRequest } from './fuzz-request.js'
import { DOWN_PROVIDER, type FuzzConfigName } from './fuzz-configs.js'

/** One excluded class: the finding it belongs to, and which requests it covers. */
export interface KnownUnfixed {
  readonly finding: string
  readonly matches: (req: FuzzRequest, config: FuzzConfigName) => boolean
}

/** The action and provider id a request names, as the router reads them. */
function route(req: FuzzRequest): { action: string; providerId: string | undefined } | undefined {
  try {
    return parseAction(new URL(req.target, 'http://localhost:3000').pathname, '/auth')
  } catch {
    return undefined
  }
}

const configured = (config: FuzzConfigName) => (config === 'oidc-unreachable' ? DOWN_PROVIDER : 'credentials')

/** Every callbackUrl a request carries, decoded as the server reads it: body (form or JSON), query, cookie. */
function callbackUrlsOf(req: FuzzRequest): string[] {
  const found: string[] = []
  const type = header(req, 'content-type')?.toLowerCase() ?? ''
  try {
    if (req.body !== undefined && type.includes('application/x-www-form-urlencoded'))
      found.push(...new URLSearchParams(req.body).getAll('callbackUrl'))
    if (req.body !== undefined && type.includes('application/json')) {
      const json = JSON.parse(req.body) as { callbackUrl?: unknown } | null
      if (typeof json?.callbackUrl === 'string') found.push(json.callbackUrl)
    }
  } catch {
    // Not a readable body: no callbackUrl in it.
  }
  try {
    found.push(...new URL(req.target, 'http://localhost:3000').searchParams.getAll('callbackUrl'))
  } catch {
    // No query to read.
  }
  const cookie = /authjs\.callback-url=([^;]*)/.exec(header(req, 'cookie') ?? '')?.[1]
  if (cookie !== undefined) {
    try {
      found.push(decodeURIComponent(cookie))
    } catch {
      found.push(cookie)
    }
  }
  return found
}

/** The method and target node:http hands the handler (from a deliberately malformed request line too). */
function requestLineOf(req: FuzzRequest): { method: string; target: string } {
  if (req.requestLine === undefined) return { method: req.method, target: req.target }
  const [method = '', target = ''] = req.requestLine.split(' ')
  return { method, target }
}

export const knownUnfixed: readonly KnownUnfixed[] = [
  {
    finding:
      'issue #14 finding 1 (branch h14a): toWebRequest throws for a target or Host that makes no URL (`*`, ' +
      'absolute-form, a bad port, user info, a space) and for methods a web Request refuses (TRACE), and the ' +
      "README's async handler lets the rejection kill the process",
    matches: (req) => {
      const { method, target } = requestLineOf(req)
      if (['TRACE', 'TRACK', 'CONNECT'].includes(method.toUpperCase())) return true
      if (/^https?:/i.test(target) || target === '*') return true
      try {
        const url = new URL(`http://${header(req, 'host') ?? 'localhost'}${target}`)
        return url.username !== '' || url.password !== ''
      } catch {
        return true
      }
    },
  },
  {
    finding:
      'issue #14 finding 3 (branch h14b): the redirect callback as the Auth.js documentation writes it gets the ' +
      'raw callbackUrl and its answer is trusted: CR/LF or non-Latin-1 makes Auth() reject, and characters a URL ' +
      'encodes (quotes, angle brackets, spaces) come back unencoded in the JSON `url`',
    matches: (req, config) =>
      config === 'jwt-credentials' &&
      callbackUrlsOf(req).some((url) => /[^\x21-\x7e]|["<>\\^`{|}]/.test(url)),
  },
  {
    finding:
      'issue #14 finding 4 (branch h14b): in JSON mode (X-Auth-Return-Redirect) an unknown provider id, ' +
      'webauthn-options, or a provider that does not take this method/action answers 500 Configuration',
    matches: (req, config) => {
      if (header(req, 'x-auth-return-redirect') === undefined) return false
      const r = route(req)
      if (!r || !['signin', 'callback', 'webauthn-options'].includes(r.action)) return false
      if (r.action === 'webauthn-options') return true
      if (r.providerId === undefined) return r.action !== 'signin'
      return r.providerId !== configured(config) || r.providerId === 'credentials'
    },
  },
]

/** The first entry that covers `req`, if any. */
export function excludedBy(req: FuzzRequest, config: FuzzConfigName): KnownUnfixed | undefined {
  return knownUnfixed.find((k) => k.matches(req, config))
}
