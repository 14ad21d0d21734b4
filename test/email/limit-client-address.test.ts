/**
 * The per-client send limit counts the client's address as each integration sees it, passed to the core as data:
 * Express (the connection's, or `req.ip` once the app trusts a proxy), Hono on `@hono/node-server`, SvelteKit
 * (`event.getClientAddress()`, the endpoints and the form action alike), and `gatehouse-auth/node` both ways (a
 * `createAuth` handler given to `toNodeHandler`, and the application's own function that passes the request on).
 * Every request comes from 127.0.0.1 with a different `X-Forwarded-For`: a header no client may choose its address
 * with, unless the app trusts a proxy.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import type { RequestEvent } from '@sveltejs/kit'
import express5 from 'express'
import express4 from 'express4'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { createAuth } from '../../src/create-auth.js'
import { ExpressAuth } from '../../src/integrations/express/index.js'
import { authHandler, initAuthConfig } from '../../src/integrations/hono/index.js'
import { toNodeHandler } from '../../src/integrations/node/index.js'
import { SvelteKitAuth } from '../../src/integrations/sveltekit/index.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import { kitRequest } from '../sveltekit/kit-app.js'
import { emailConfig } from './flow-harness.js'

/** Per client: at most 2 links a minute; per address the default (5), never reached here. */
const limited = () =>
  emailConfig(MemoryAdapter(), { provider: { limits: { perClient: { max: 2, windowMs: 60_000 } } } })

const servers: Array<{ close(): void }> = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

function listen(server: Server): Promise<string> {
  servers.push({ close: () => (server.closeAllConnections(), server.close()) })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

/** Asks for a link for four addresses, each with its own `X-Forwarded-For`; every answer is the verify page. */
async function askFourTimes(origin: string, forwardedFor: (i: number) => string = (i) => `203.0.113.${i}`) {
  for (let i = 0; i < 4; i++) {
    const jar = new CookieJar()
    const token = await csrfToken(jar, origin)
    const res = await jarFetch(jar, `${origin}/auth/signin/email`, {
      ...form({ csrfToken: token, email: `client${i}@example.com` }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor(i) },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${origin}/auth/verify-request?provider=email&type=email`)
  }
}

describe.each([
  ['Express 5', 5],
  ['Express 4', 4],
] as const)('%s', (_name, major) => {
  function app(config: AuthConfig, trustProxy?: string) {
    const express = major === 5 ? express5 : express4
    const a = express()
    if (trustProxy) a.set('trust proxy', trustProxy)
    a.use(major === 5 ? '/auth' : '/auth/*', ExpressAuth(config))
    return createServer(a)
  }

  it('records the client address: the per-client limit counts the connection, not the header', async () => {
    const { config, mails, logger } = limited()
    await askFourTimes(await listen(app(config)))
    expect(mails).toHaveLength(2)
    expect(logger.warnings).toStrictEqual(['email-send-limit', 'email-send-limit'])
  })

  it('behind a proxy the app trusts, the client is req.ip (from X-Forwarded-For)', async () => {
    const { config, mails } = limited()
    const origin = await listen(app(config, 'loopback'))
    await askFourTimes(origin)
    expect(mails).toHaveLength(4)
    await askFourTimes(origin, () => '198.51.100.7')
    // Two more for 198.51.100.7, then its limit: four clients sent one each, the fifth client two.
    expect(mails).toHaveLength(6)
  })
})

describe('Hono on @hono/node-server', () => {
  it('records the client address of the connection', async () => {
    const { config, mails } = limited()
    const app = new Hono()
    app.use(
      '*',
      initAuthConfig(() => config),
    )
    app.use('/auth/*', authHandler())
    const origin = await new Promise<string>((resolve) => {
      const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(`http://127.0.0.1:${info.port}`),
      )
      servers.push({ close: () => server.close() })
    })
    await askFourTimes(origin)
    expect(mails).toHaveLength(2)
  })
})

describe('gatehouse-auth/node', () => {
  it('toNodeHandler with a createAuth handler passes the connection address as data', async () => {
    const { config, mails } = limited()
    const { handlers } = createAuth(config)
    await askFourTimes(await listen(createServer(toNodeHandler(handlers.POST))))
    expect(mails).toHaveLength(2)
  })

  it("toNodeHandler with the application's own function (the README's) still counts the connection", async () => {
    const { config, mails } = limited()
    const { handlers } = createAuth(config)
    const app = (request: Request) => (request.method === 'POST' ? handlers.POST : handlers.GET)(request)
    await askFourTimes(await listen(createServer(toNodeHandler(app))))
    expect(mails).toHaveLength(2)
  })
})

describe('SvelteKit', () => {
  const ORIGIN = 'http://kit.test'

  async function ask(
    handle: ReturnType<typeof SvelteKitAuth>['handle'],
    routes: Parameters<typeof kitRequest>[1],
    path: string,
    fields: Record<string, string>,
    address: string,
  ) {
    const jar = new CookieJar()
    const csrf = await kitRequest(handle, {}, new Request(`${ORIGIN}/auth/csrf`), undefined, address)
    jar.take(csrf.response)
    const { csrfToken: token } = (await csrf.response.json()) as { csrfToken: string }
    const request = new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ csrfToken: token, ...fields }),
    })
    return (await kitRequest(handle, routes, request, undefined, address)).response
  }

  it('the endpoints count event.getClientAddress()', async () => {
    const { config, mails } = limited()
    const { handle } = SvelteKitAuth(config)
    for (let i = 0; i < 4; i++)
      await ask(handle, {}, '/auth/signin/email', { email: `kit${i}@example.com` }, '192.0.2.10')
    expect(mails).toHaveLength(2)
    await ask(handle, {}, '/auth/signin/email', { email: 'kit9@example.com' }, '192.0.2.11')
    expect(mails).toHaveLength(3)
  })

  it('the signIn form action counts it too', async () => {
    const { config, mails } = limited()
    const { handle, signIn } = SvelteKitAuth(config)
    const routes = {
      'POST /login': async (event: RequestEvent) => {
        try {
          await signIn(event)
        } catch {
          // kit's redirect: the answer does not matter here, the mails do.
        }
        return new Response(null, { status: 204 })
      },
    }
    for (let i = 0; i < 4; i++)
      await ask(
        handle,
        routes,
        '/login',
        { providerId: 'email', email: `form${i}@example.com` },
        '192.0.2.20',
      )
    expect(mails).toHaveLength(2)
  })
})
