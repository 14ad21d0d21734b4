import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { ExpressAuth } from '../../src/integrations/express/index.js'
import { toNodeHandler, toWebRequest, writeWebResponse } from '../../src/integrations/node/index.js'
import { nodeToRequest } from '../../src/integrations/node/to-web-request.js'
import { writeInternalResult } from '../../src/integrations/node/write-internal-result.js'
import { internalHandler } from '../../src/symbols.js'
import type { ResponseInternal } from '../../src/types.js'
import { baseConfig, SECRET } from '../http/http-helpers.js'
import { rawRequest } from '../support/raw-http.js'
import { encode } from '../../src/jwt/index.js'

/**
 * The fast path (a lazy request for bodiless requests, `createAuth`'s internal result written straight to the
 * socket) against the `Response` path (the same handler hidden behind a plain function, so `toNodeHandler` builds a
 * real `Request` and sees only a `Response`), and each half of the fast path on its own (a lazy request answered
 * through a `Response`; a real `Request` whose internal result is written directly), and Express with and without
 * a body parser mounted first: every action, the same request bytes, the same answer bytes. Only the `Date` header and random token values (same length)
 * are masked, since two runs cannot share them.
 */
const config = baseConfig({ pages: {} })
const { handlers } = createAuth(config)
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

let fast: { server: Server; port: number }
let slow: { server: Server; port: number }
let viaExpress: { server: Server; port: number }
let viaExpressParsed: { server: Server; port: number }
let lazyThenResponse: { server: Server; port: number }
let realThenInternal: { server: Server; port: number }
let sessionCookie = ''
beforeAll(async () => {
  fast = await listen(createServer(toNodeHandler(handlers.GET)))
  slow = await listen(createServer(toNodeHandler((request) => handlers.GET(request))))
  const app = express()
  app.use('/auth', ExpressAuth(config))
  viaExpress = await listen(createServer(app))
  const parsedApp = express()
  parsedApp.use(express.urlencoded({ extended: false }), express.json())
  parsedApp.use('/auth', ExpressAuth(config))
  viaExpressParsed = await listen(createServer(parsedApp))
  lazyThenResponse = await listen(
    createServer((req, res) => {
      const request = nodeToRequest(req, {}, true) as Request
      void handlers.GET(request).then((response) => writeWebResponse(res, response))
    }),
  )
  realThenInternal = await listen(
    createServer((req, res) => {
      const request = toWebRequest(req) as Request
      void internal(request).then((result) => writeInternalResult(res, result))
    }),
  )
  const token = await encode({
    token: { name: 'Alice', email: 'alice@example.test', sub: 'user-1' },
    secret: SECRET,
    salt: 'authjs.session-token',
  })
  sessionCookie = `authjs.session-token=${token}`
})
afterAll(() => {
  for (const { server } of [fast, slow, viaExpress, viaExpressParsed, lazyThenResponse, realThenInternal]) {
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
      expect(await answer(fast.port)).toBe(expected)
      expect(await answer(lazyThenResponse.port)).toBe(expected)
      expect(await answer(realThenInternal.port)).toBe(expected)
      // Express adds its own `X-Powered-By`; everything else is the same.
      for (const { port } of [viaExpress, viaExpressParsed]) {
        expect((await answer(port)).replace(/^X-Powered-By: Express\r\n/im, '')).toBe(expected)
      }
    })
  }
})
