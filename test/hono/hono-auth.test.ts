import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authHandler, getAuthUser, initAuthConfig, verifyAuth } from '../../src/integrations/hono/index.js'
import { CookieJar, csrfToken, jarFetch } from '../support/cookie-jar.js'
import { baseConfig } from '../http/http-helpers.js'
import { frameworkNegativeSuite } from '../support/framework-negative-suite.js'

const config = baseConfig()
let server: ServerType
let origin = ''

beforeAll(async () => {
  const app = new Hono()
  app.use(
    '*',
    initAuthConfig(() => config),
  )
  app.use('/auth/*', authHandler())
  app.get('/api/me', verifyAuth(), (c) => c.json({ name: c.get('authUser').user?.name }))
  app.get('/maybe', async (c) => c.json({ user: (await getAuthUser(c))?.user ?? null }))
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

async function signIn(jar: CookieJar, fields: Record<string, string>, withCsrf = true) {
  const token = await csrfToken(jar, origin)
  return jarFetch(jar, `${origin}/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(withCsrf ? { csrfToken: token, ...fields } : fields).toString(),
  })
}

describe('gatehouse-auth/hono on @hono/node-server', () => {
  it('signs in with credentials; verifyAuth lets the user through with authUser set', async () => {
    const jar = new CookieJar()
    const res = await signIn(jar, { username: 'alice', password: 'wonderland', callbackUrl: '/home' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${origin}/home`)
    const me = await jarFetch(jar, `${origin}/api/me`)
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual({ name: 'Alice' })
    expect(await (await jarFetch(jar, `${origin}/maybe`)).json()).toEqual({
      user: { name: 'Alice', email: 'alice@example.test' },
    })
  })

  it('verifyAuth answers 401 without a session', async () => {
    const res = await fetch(`${origin}/api/me`)
    expect(res.status).toBe(401)
    expect(await (await fetch(`${origin}/maybe`)).json()).toEqual({ user: null })
  })
})

frameworkNegativeSuite('gatehouse-auth/hono on @hono/node-server', () => ({
  origin,
  protectedPath: '/api/me',
  refusedStatus: 401,
}))
