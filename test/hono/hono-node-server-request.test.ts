import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authHandler, initAuthConfig } from '../../src/integrations/hono/index.js'
import { encode } from '../../src/jwt/index.js'
import { baseConfig, SECRET, SESSION } from '../http/http-helpers.js'

/**
 * On `@hono/node-server`, `authHandler` reads a `GET` or `HEAD` through a lazy request over the Node request's
 * headers; the same app answering in memory (`app.request`, no Node request) reads `c.req.raw`. Both must give the
 * same status, body and cookies.
 */
const app = new Hono()
app.use(
  '*',
  initAuthConfig(() => baseConfig()),
)
app.use('/auth/*', authHandler())
let server: ServerType
let origin = ''
let token = ''

beforeAll(async () => {
  token = await encode({
    token: { name: 'Alice', email: 'alice@example.test', sub: 'u1' },
    secret: SECRET,
    salt: SESSION,
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function summary(response: Response) {
  const body = (await response.text())
    .replace(/[A-Za-z0-9_~-]{40,}(?:\.[A-Za-z0-9_~-]*){0,4}/g, (t) => `<token ${t.length}>`)
    .replaceAll(origin, 'ORIGIN')
  const cookies = response.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, '=<value>'))
  return { status: response.status, type: response.headers.get('content-type'), body, cookies }
}

describe('gatehouse-auth/hono on @hono/node-server reads GET through the Node request', () => {
  const cases: [string, string, Record<string, string>, string?][] = [
    ['a valid session', '/auth/session', {}, 'valid'],
    ['a tampered session', '/auth/session', {}, 'tampered'],
    ['no session', '/auth/session', {}],
    ['HEAD of the session', '/auth/session', {}, 'valid'],
    ['the CSRF token', '/auth/csrf', {}],
    ['the providers', '/auth/providers', {}],
    ['the sign-in page', '/auth/signin', { accept: 'text/html' }],
    ['an unknown action', '/auth/nope', {}],
  ]
  for (const [name, path, extra, cookie] of cases) {
    it(`answers ${name} as in memory`, async () => {
      const headers: Record<string, string> = { ...extra }
      if (cookie) headers['cookie'] = `${SESSION}=${token}${cookie === 'tampered' ? 'x' : ''}`
      const method = name.startsWith('HEAD') ? 'HEAD' : 'GET'
      const overNode = await summary(await fetch(`${origin}${path}`, { method, headers }))
      const inMemory = await summary(await app.request(`${origin}${path}`, { method, headers }))
      expect(overNode).toEqual(inMemory)
      if (cookie === 'valid' && method === 'GET') expect(overNode.body).toContain('Alice')
      if (cookie === 'tampered') expect(overNode.cookies.length).toBeGreaterThan(0)
    })
  }
})
