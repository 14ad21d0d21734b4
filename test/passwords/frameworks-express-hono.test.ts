/** `POST /auth/callback/password` through Express (5 and 4) and Hono on @hono/node-server, over real HTTP. */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import express5 from 'express'
import express4 from 'express4'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { ExpressAuth } from '../../src/integrations/express/index.js'
import { authHandler, initAuthConfig, verifyAuth } from '../../src/integrations/hono/index.js'
import { CookieJar, csrfToken, jarFetch } from '../support/cookie-jar.js'
import { GOOD_PASSWORD, passwordConfig, seedPasswordUser } from './password-harness.js'

const adapter = MemoryAdapter()
const config = passwordConfig(adapter)
const servers: Array<() => Promise<void>> = []

async function signIn(origin: string, password: string) {
  const jar = new CookieJar()
  const token = await csrfToken(jar, origin)
  const res = await jarFetch(jar, `${origin}/auth/callback/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrfToken: token,
      email: 'frameworks@example.com',
      password,
      callbackUrl: '/home',
    }),
  })
  const session = (await (await jarFetch(jar, `${origin}/auth/session`)).json()) as {
    user?: { email?: string }
  } | null
  return { res, session, jar }
}

beforeAll(() => seedPasswordUser(adapter, 'frameworks@example.com'))
afterAll(() => Promise.all(servers.map((close) => close())))

for (const major of [5, 4] as const) {
  describe(`Express ${major}`, () => {
    let origin = ''
    beforeAll(async () => {
      const app = major === 5 ? express5() : express4()
      if (major === 4) app.use('/auth/*', ExpressAuth(config))
      else app.use('/auth', ExpressAuth(config))
      const server = await new Promise<Server>((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s))
      })
      servers.push(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))))
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })

    it('signs in with the password, and refuses a wrong one', async () => {
      const ok = await signIn(origin, GOOD_PASSWORD)
      expect(ok.res.status).toBe(302)
      expect(ok.res.headers.get('location')).toBe(`${origin}/home`)
      expect(ok.session?.user?.email).toBe('frameworks@example.com')
      const wrong = await signIn(origin, 'not the password, sorry')
      expect(wrong.res.headers.get('location')).toContain('error=CredentialsSignin')
      expect(wrong.session).toBeNull()
    })
  })
}

describe('Hono on @hono/node-server', () => {
  let origin = ''
  beforeAll(async () => {
    const app = new Hono()
    app.use(
      '*',
      initAuthConfig(() => config),
    )
    app.use('/auth/*', authHandler())
    app.get('/api/me', verifyAuth(), (c) => c.json({ email: c.get('authUser').user?.email }))
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    servers.push(() => new Promise<void>((r) => server.close(() => r())))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  it('signs in with the password; verifyAuth lets the user through', async () => {
    const ok = await signIn(origin, GOOD_PASSWORD)
    expect(ok.res.status).toBe(302)
    expect(ok.session?.user?.email).toBe('frameworks@example.com')
    const me = (await (await jarFetch(ok.jar, `${origin}/api/me`)).json()) as { email: string }
    expect(me.email).toBe('frameworks@example.com')
  })
})
