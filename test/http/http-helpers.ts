/**
 * Shared pieces of the HTTP suites: a base configuration, a recording logger, a handler server for anything that
 * maps a web Request to a Response (Gatehouse's `createAuth` handlers, Auth.js), Set-Cookie parsing, and a raw
 * `node:http` client for requests fetch refuses to send (forged Host, chunked uploads, oversized headers).
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import Credentials from '../../src/providers/credentials.js'
import { toWebRequest } from '../../src/integrations/node/to-web-request.js'
import { writeWebResponse } from '../../src/integrations/node/write-web-response.js'
import type { AuthConfig, LoggerInstance, User, WarningCode } from '../../src/types.js'
import type { CredentialsConfig } from '../../src/providers/provider-types.js'
import { serveAuth, type ServedAuth } from '../support/serve-auth.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'

export const SECRET = 'gatehouse-http-suite-secret-0123456789abcdef'
export const SESSION = 'authjs.session-token'
export const CSRF = 'authjs.csrf-token'
export const CALLBACK = 'authjs.callback-url'
export const ALICE: User = { id: 'user-1', name: 'Alice', email: 'alice@example.test' }

/** A logger that keeps what it is given, so tests can assert on it and the run stays quiet. */
export interface RecordingLogger extends LoggerInstance {
  errors: Error[]
  warnings: WarningCode[]
}

export function recordingLogger(): RecordingLogger {
  const errors: Error[] = []
  const warnings: WarningCode[] = []
  return {
    errors,
    warnings,
    error: (e) => void errors.push(e),
    warn: (code) => void warnings.push(code),
    debug: () => {},
  }
}

/** Credentials that accept alice / wonderland only. */
export function aliceCredentials(overrides: Partial<CredentialsConfig> = {}): CredentialsConfig {
  return Credentials({
    credentials: { username: { label: 'Username' }, password: { label: 'Password', type: 'password' } },
    authorize: (c) => (c.username === 'alice' && c.password === 'wonderland' ? { ...ALICE } : null),
    ...overrides,
  })
}

/** A working configuration: one credentials provider, a fixed secret, a trusted host, a quiet logger. */
export function baseConfig(extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    providers: [aliceCredentials()],
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger(),
    ...extra,
  }
}

/** Serves a config for the whole `describe` (real node:http on loopback); read `.origin` inside tests. */
export function useServer(config: AuthConfig | ((origin: string) => AuthConfig)): {
  readonly origin: string
} {
  let served: ServedAuth | undefined
  beforeAll(async () => {
    served = await serveAuth(config)
  })
  afterAll(async () => {
    await served?.close()
  })
  return {
    get origin() {
      if (!served) throw new Error('server not started')
      return served.origin
    },
  }
}

/** Serves any web handler (Auth.js, createAuth handlers) on loopback. */
export async function serveHandler(
  handler: (request: Request) => Promise<Response>,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const request = toWebRequest(req)
    ;(request instanceof Response ? Promise.resolve(request) : handler(request))
      .then((response) => writeWebResponse(res, response))
      .catch((error: unknown) => {
        res.statusCode = 599
        res.end(`test server caught: ${String(error)}`)
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}

/** The fallback redirect target: the origin, with or without the root slash (which depends on the candidate). */
export function homePattern(origin: string): RegExp {
  return new RegExp(`^${origin.replaceAll('.', '\\.')}/?$`)
}

/** One parsed Set-Cookie line. */
export interface SetCookie {
  name: string
  value: string
  /** Attribute names lower-cased; flag attributes map to ''. */
  attributes: Map<string, string>
  raw: string
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((raw) => {
    const [pair = '', ...rest] = raw.split(';')
    const eq = pair.indexOf('=')
    const attributes = new Map<string, string>()
    for (const a of rest) {
      const i = a.indexOf('=')
      if (i === -1) attributes.set(a.trim().toLowerCase(), '')
      else attributes.set(a.slice(0, i).trim().toLowerCase(), a.slice(i + 1).trim())
    }
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes, raw }
  })
}

/** The Set-Cookie of `name`, or undefined. */
export function setCookie(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name)
}

/** Whether the response clears `name` (Max-Age=0 or an Expires in the past). */
export function clears(response: Response, name: string): boolean {
  const c = setCookie(response, name)
  if (!c) return false
  const maxAge = c.attributes.get('max-age')
  if (maxAge !== undefined) return Number(maxAge) <= 0
  const expires = c.attributes.get('expires')
  return expires !== undefined && Date.parse(expires) < Date.now()
}

/** Signs alice in through the credentials callback; returns the callback response (cookies land in the jar). */
export async function signIn(
  jar: CookieJar,
  origin: string,
  fields: Record<string, string> = { username: 'alice', password: 'wonderland' },
  headers: Record<string, string> = {},
): Promise<Response> {
  const token = await csrfToken(jar, origin)
  const init = form({ csrfToken: token, ...fields })
  return jarFetch(jar, `${origin}/auth/callback/credentials`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...headers },
  })
}

/** GET /auth/session with the jar. */
export async function getSession(jar: CookieJar, origin: string): Promise<{ res: Response; body: unknown }> {
  const res = await jarFetch(jar, `${origin}/auth/session`)
  return { res, body: await res.json() }
}

/** A raw HTTP/1.1 request (any Host, any header size, optional chunked body); never throws on a reset. */
export function rawRequest(
  origin: string,
  opts: {
    method?: string
    path: string
    headers?: Record<string, string | number>
    body?: Buffer | string
    /** Send the body in chunks of this size with Transfer-Encoding: chunked. */
    chunked?: number
  },
): Promise<
  { status: number; headers: Record<string, string | string[] | undefined>; body: string } | { error: string }
> {
  const url = new URL(origin)
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers ?? {},
        setHost: !Object.keys(opts.headers ?? {}).some((h) => h.toLowerCase() === 'host'),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', (e) => resolve({ error: String(e) }))
      },
    )
    req.on('error', (e) => resolve({ error: String(e) }))
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body)
    if (body && opts.chunked) {
      let offset = 0
      const pump = () => {
        while (offset < body.length) {
          const slice = body.subarray(offset, offset + opts.chunked!)
          offset += slice.length
          if (!req.write(slice)) {
            req.once('drain', pump)
            return
          }
        }
        req.end()
      }
      pump()
    } else {
      req.end(body)
    }
  })
}

export { CookieJar, csrfToken, form, jarFetch }
