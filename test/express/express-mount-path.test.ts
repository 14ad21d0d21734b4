import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express5 from 'express'
import express4 from 'express4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExpressAuth, requireSession } from '../../src/integrations/express/index.js'
import { CookieJar, csrfToken, jarFetch } from '../support/cookie-jar.js'
import { baseConfig, SESSION } from '../http/http-helpers.js'

/**
 * `ExpressAuth` without `basePath` serves wherever Express mounts it (`req.baseUrl`): sign-in, session and the
 * URLs in its answers use the mount path; an explicit `basePath` still wins.
 */
const mounts: { name: string; major: 4 | 5; mount: string; nested?: boolean }[] = [
  { name: 'Express 5 at /api/auth', major: 5, mount: '/api/auth' },
  { name: 'Express 5 at /custom', major: 5, mount: '/custom' },
  { name: 'Express 4 at /api/auth', major: 4, mount: '/api/auth' },
  { name: 'Express 5 in a router: /api + /auth', major: 5, mount: '/api/auth', nested: true },
]

async function listen(app: ReturnType<typeof express5>): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

for (const { name, major, mount, nested } of mounts) {
  describe(`gatehouse-auth/express mounted without basePath: ${name}`, () => {
    const config = baseConfig()
    let server: Server
    let origin = ''
    beforeAll(async () => {
      const express = major === 5 ? express5 : express4
      const app = express()
      if (nested) {
        const router = express.Router()
        router.use('/auth', ExpressAuth(config))
        app.use('/api', router)
      } else app.use(mount, ExpressAuth(config))
      app.get('/protected', requireSession(config), (_req, res) => void res.send('in'))
      ;({ server, origin } = await listen(app))
    })
    afterAll(() => {
      server.closeAllConnections()
      server.close()
    })

    it('answers under the mount path, with the mount path in its URLs', async () => {
      const providers = (await (await fetch(`${origin}${mount}/providers`)).json()) as Record<
        string,
        { signinUrl: string; callbackUrl: string }
      >
      expect(providers['credentials']?.signinUrl).toBe(`${origin}${mount}/signin/credentials`)
      expect(providers['credentials']?.callbackUrl).toBe(`${origin}${mount}/callback/credentials`)
      const page = await fetch(`${origin}${mount}/signin`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`action="${origin}${mount}/callback/credentials"`)
    })

    it('signs in and reads the session there', async () => {
      const jar = new CookieJar()
      const token = await csrfToken(jar, origin, mount)
      const res = await jarFetch(jar, `${origin}${mount}/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: token, username: 'alice', password: 'wonderland' }).toString(),
      })
      expect(res.status).toBe(302)
      expect(jar.get(SESSION)).toBeTruthy()
      const session = (await (await jarFetch(jar, `${origin}${mount}/session`)).json()) as {
        user?: { name: string }
      }
      expect(session.user?.name).toBe('Alice')
    })

    it('requireSession sends pages to the sign-in page under the mount path', async () => {
      await fetch(`${origin}${mount}/csrf`)
      const page = await fetch(`${origin}/protected`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      })
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(`${mount}/signin?callbackUrl=%2Fprotected`)
    })
  })
}

describe('gatehouse-auth/express: an explicit basePath wins over the mount path', () => {
  let server: Server
  let origin = ''
  beforeAll(async () => {
    const app = express5()
    app.use('/api/auth', ExpressAuth(baseConfig({ basePath: '/auth' })))
    ;({ server, origin } = await listen(app))
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it('does not route /api/auth/* as actions under /auth', async () => {
    const res = await fetch(`${origin}/api/auth/session`)
    expect(res.status).toBe(400)
  })
})
