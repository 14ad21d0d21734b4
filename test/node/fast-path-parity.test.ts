import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { ExpressAuth } from '../../src/integrations/express/index.js'
import { toNodeHandler, toWebRequest, writeWebResponse } from '../../src/integrations/node/index.js'
import { nodeToRequest } from '../../src/integrations/node/to-web-request.js'
import { writeInternalResult } from '../../src/integrations/node/write-internal-result.js'
import { internalHandler } from '../../src/symbols.js'
import { toResponse } from '../../src/answer/index.js'
import type { ResponseInternal } from '../../src/types.js'
import { baseConfig, SECRET } from '../http/http-helpers.js'
import { rawRequest } from '../support/raw-http.js'
import { encode } from '../../src/jwt/index.js'

/**
 * The fast path (a lazy `Request` for every request through `toNodeHandler` or `toWebRequest`, a lazy `Response`
 * from `createAuth`'s handlers given one, written straight to the socket) against the plain path (a `Request` built
 * with a `Headers` copy and its body, the built `Response`, written by `writeWebResponse`): `toNodeHandler` around
 * the handler itself, around the README quick start's routing function and around functions that read the request
 * and the answer as user code does; the Auth.js way, `handlers.GET(toWebRequest(req))`; each half of the fast path
 * on its own; and Express with and without a body parser mounted first. Every action, the same request bytes, the
 * same answer bytes. Only the `Date` header and random token values (same length) are masked, since two runs cannot
 * share them.
 */
const config = baseConfig({ pages: {} })
const { handlers, auth } = createAuth(config)
const internal = (handlers.GET as unknown as Record<symbol, (r: Request) => Promise<ResponseInternal>>)[
  internalHandler
]!

async function listen(server: Server): Promise<{ server: Server; port: number }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

function normalised(text: string): string {
  return text
    .replace(/^Date: .*\r\n/im, '')
    .replace(/[A-Za-z0-9_~-]{40,}(?:\.[A-Za-z0-9_~-]*){0,4}/g, (token) => `<token ${token.length}>`)
    .replace(/%7C[0-9a-f]{64}/g, '%7C<hash>')
}

/** A web `Request` built the plain way (a `Headers` copy, the body read first), for the reference answers. */
async function builtRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const body = method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks)
  return new Request(`http://${req.headers.host}${req.url}`, { method, headers, body })
}

/** The README quick start's routing function (as printed there), with the session page answered the same way. */
const readmeFunction = async (request: Request): Promise<Response> => {
  if (new URL(request.url).pathname.startsWith('/auth/')) {
    return request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)
  }
  const session = await auth(request)
  return new Response(session ? `Hello ${session.user?.name}` : 'Please sign in at /auth/signin')
}

/**
 * Wrapped functions that read the request the ways user code does before (or instead of) handing it over: the
 * body, `formData()` of a clone, `headers` iteration, `new Request(request)`; and one that reads the answer's
 * headers before returning it.
 */
const readers: Record<string, (request: Request) => Promise<Response>> = {
  'iterates the headers and reads formData() of a clone': async (request) => {
    const seen = [...request.headers].map(([name]) => name)
    if (!seen.includes('host')) throw new Error('no host header')
    if (request.method === 'POST') await request.clone().formData()
    return readmeFunction(request)
  },
  'reads the body and passes a new Request of it': async (request) => {
    if (request.method !== 'POST') return readmeFunction(new Request(request))
    const body = await request.text()
    return readmeFunction(new Request(request.url, { method: 'POST', headers: request.headers, body }))
  },
  'reads the answer before returning it': async (request) => {
    const response = await readmeFunction(request)
    const names = [...response.headers.keys()]
    if (response.status >= 200 && names.length === 0) throw new Error('no headers')
    return response
  },
}

const servers: Record<string, { server: Server; port: number }> = {}
const appServers = new Set<string>()
let slow: { server: Server; port: number }
let sessionCookie = ''
beforeAll(async () => {
  // The reference: a built Request, the built Response, written by writeWebResponse.
  slow = await listen(
    createServer((req, res) => {
      void builtRequest(req)
        .then((request) => readmeFunction(request))
        .then((response) => writeWebResponse(res, response))
    }),
  )
  servers['toNodeHandler(handlers.GET)'] = await listen(createServer(toNodeHandler(handlers.GET)))
  servers['the README quick start'] = await listen(createServer(toNodeHandler(readmeFunction)))
  appServers.add('the README quick start')
  for (const [name, reader] of Object.entries(readers)) {
    servers[`a function that ${name}`] = await listen(createServer(toNodeHandler(reader)))
    appServers.add(`a function that ${name}`)
  }
  servers['handlers.GET(toWebRequest(req)), the Auth.js way'] = await listen(
    createServer((req, res) => {
      const request = toWebRequest(req)
      void handlers.GET(request).then((response) => writeWebResponse(res, response))
    }),
  )
  servers['a lazy request answered through a built Response'] = await listen(
    createServer((req, res) => {
      const request = nodeToRequest(req, {}) as Request
      void internal(request).then((result) => writeWebResponse(res, toResponse(result)))
    }),
  )
  servers['a built request whose internal result is written directly'] = await listen(
    createServer((req, res) => {
      void builtRequest(req)
        .then((request) => internal(request))
        .then((result) => writeInternalResult(res, result))
    }),
  )
  const app = express()
  app.use('/auth', ExpressAuth(config))
  servers['Express'] = await listen(createServer(app))
  const parsedApp = express()
  parsedApp.use(express.urlencoded({ extended: false }), express.json())
  parsedApp.use('/auth', ExpressAuth(config))
  servers['Express with body parsers'] = await listen(createServer(parsedApp))
  const token = await encode({
    token: { name: 'Alice', email: 'alice@example.test', sub: 'user-1' },
    secret: SECRET,
    salt: 'authjs.session-token',
  })
  sessionCookie = `authjs.session-token=${token}`
})
afterAll(() => {
  for (const { server } of [slow, ...Object.values(servers)]) {
    server.closeAllConnections()
    server.close()
  }
})

const csrfPair = `authjs.csrf-token=${'a'.repeat(64)}%7C${'b'.repeat(64)}`

const cases: { name: string; request: (port: number) => string }[] = [
  { name: 'GET /providers', request: (p) => get(p, '/auth/providers') },
  { name: 'GET /csrf', request: (p) => get(p, '/auth/csrf') },
  { name: 'GET /session without a cookie', request: (p) => get(p, '/auth/session') },
  {
    name: 'GET /session with a valid JWT',
    request: (p) => get(p, '/auth/session', `Cookie: ${sessionCookie}\r\n`),
  },
  {
    name: 'GET /session with a tampered JWT',
    request: (p) => get(p, '/auth/session', `Cookie: ${sessionCookie}x\r\n`),
  },
  {
    name: 'GET /session with the cookie over two Cookie lines and padded values',
    request: (p) =>
      get(
        p,
        '/auth/session',
        `Cookie: theme=dark  \r\nCookie: ${sessionCookie}\r\nX-Auth-Return-Redirect: \t1 \r\n`,
      ),
  },
  { name: 'GET / (the application, signed in)', request: (p) => get(p, '/', `Cookie: ${sessionCookie}\r\n`) },
  { name: 'GET /page (the application, signed out)', request: (p) => get(p, '/page') },
  { name: 'HEAD /session', request: (p) => get(p, '/auth/session', `Cookie: ${sessionCookie}\r\n`, 'HEAD') },
  { name: 'GET /signin (page)', request: (p) => get(p, '/auth/signin') },
  { name: 'GET /signout (page)', request: (p) => get(p, '/auth/signout') },
  { name: 'GET /error?error=AccessDenied', request: (p) => get(p, '/auth/error?error=AccessDenied') },
  { name: 'GET /verify-request', request: (p) => get(p, '/auth/verify-request') },
  { name: 'GET /webauthn-options/x (no such provider)', request: (p) => get(p, '/auth/webauthn-options/x') },
  { name: 'GET /unknown-action', request: (p) => get(p, '/auth/nope') },
  {
    name: 'POST /callback/credentials without CSRF',
    request: (p) => post(p, '/auth/callback/credentials', 'username=alice&password=wonderland'),
  },
  {
    name: 'POST /callback/credentials with a wrong password',
    request: (p) =>
      post(
        p,
        '/auth/callback/credentials',
        `csrfToken=${'a'.repeat(64)}&username=alice&password=x`,
        csrfPair,
      ),
  },
  {
    name: 'POST /signin/nope (unknown provider)',
    request: (p) => post(p, '/auth/signin/nope', `csrfToken=${'a'.repeat(64)}`, csrfPair),
  },
  {
    name: 'POST /signout with X-Auth-Return-Redirect',
    request: (p) =>
      post(
        p,
        '/auth/signout',
        `csrfToken=${'a'.repeat(64)}`,
        `${csrfPair}; ${sessionCookie}`,
        'X-Auth-Return-Redirect: 1\r\n',
      ),
  },
]

function get(port: number, path: string, extra = '', method = 'GET'): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}Connection: close\r\n\r\n`
}

function post(port: number, path: string, body: string, cookie = '', extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}${extra}Connection: close\r\n\r\n${body}`
  )
}

describe('the fast Node path answers byte for byte like the Response path', () => {
  for (const { name, request } of cases) {
    it(name, async () => {
      // The port is part of URLs in answers, so each answer is made comparable by writing the port as PORT.
      const answer = async (port: number) =>
        normalised((await rawRequest(port, request(port))).text.replaceAll(String(port), 'PORT'))
      const expected = await answer(slow.port)
      expect(expected).toMatch(/^HTTP\/1\.1 \d{3} /)
      for (const [server, { port }] of Object.entries(servers)) {
        // Paths outside /auth are the application's: only the servers that route through it answer them.
        if (!request(0).includes(' /auth/') && !appServers.has(server)) continue
        // Express adds its own `X-Powered-By`; everything else is the same.
        expect((await answer(port)).replace(/^X-Powered-By: Express\r\n/im, ''), server).toBe(expected)
      }
    })
  }
})
