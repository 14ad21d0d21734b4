import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express5 from 'express'
import express4 from 'express4'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  ExpressAuth,
  currentSession,
  getSession,
  requireSession,
} from '../../src/integrations/express/index.js'
import type { AuthConfig } from '../../src/types.js'
import { CookieJar, csrfToken, jarFetch } from '../support/cookie-jar.js'
import { baseConfig, SESSION } from '../http/http-helpers.js'
import { frameworkNegativeSuite } from '../support/framework-negative-suite.js'

// Any rejection that escapes the middleware lands here (Node would exit on it outside Vitest).
const escaped: unknown[] = []
const onUnhandled = (reason: unknown) => escaped.push(reason)
beforeAll(() => void process.on('unhandledRejection', onUnhandled))
afterAll(() => void process.off('unhandledRejection', onUnhandled))
afterEach(() => expect(escaped).toEqual([]))

type Variant = { name: string; major: 4 | 5; parsers: boolean }
const variants: Variant[] = [
  { name: 'Express 5, no body parsers', major: 5, parsers: false },
  { name: 'Express 5, json + urlencoded first', major: 5, parsers: true },
  { name: 'Express 4, no body parsers', major: 4, parsers: false },
  { name: 'Express 4, json + urlencoded first', major: 4, parsers: true },
]

async function start(variant: Variant, config: AuthConfig): Promise<{ server: Server; origin: string }> {
  // The two majors have the same shape for everything used here.
  const express = variant.major === 5 ? express5 : express4
  const app = express()
  if (variant.parsers) app.use(express.json(), express.urlencoded({ extended: true }))
  // Express 5's router no longer accepts a bare `*`; `/auth` is the mount that works on both.
  if (variant.major === 4) app.use('/auth/*', ExpressAuth(config))
  else app.use('/auth', ExpressAuth(config))
  app.get('/me', currentSession(config), (_req, res) => {
    res.json({ session: res.locals.session ?? null })
  })
  app.get('/protected', requireSession(config), (_req, res) => {
    res.send(`hello ${(res.locals.session as { user: { name: string } }).user.name}`)
  })
  app.get('/direct', async (req, res) => {
    res.json({ session: await getSession(req, config) })
  })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

for (const variant of variants) {
  describe(`gatehouse-auth/express: ${variant.name}`, () => {
    const config = baseConfig()
    let server: Server
    let origin = ''
    beforeAll(async () => {
      ;({ server, origin } = await start(variant, config))
    })
    afterAll(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    )

    async function signInForm(jar: CookieJar, fields: Record<string, string>) {
      const csrfTokenValue = await csrfToken(jar, origin)
      return jarFetch(jar, `${origin}/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: csrfTokenValue, ...fields }).toString(),
      })
    }

    it('signs in with a form body, then every session reader sees the user', async () => {
      const jar = new CookieJar()
      const res = await signInForm(jar, { username: 'alice', password: 'wonderland', callbackUrl: '/home' })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe(`${origin}/home`)
      expect(jar.get(SESSION)).toBeTruthy()
      const session = (await (await jarFetch(jar, `${origin}/auth/session`)).json()) as {
        user?: { name: string }
      }
      expect(session.user?.name).toBe('Alice')
      const me = (await (await jarFetch(jar, `${origin}/me`)).json()) as {
        session: { user: { name: string } }
      }
      expect(me.session.user.name).toBe('Alice')
      const direct = (await (await jarFetch(jar, `${origin}/direct`)).json()) as {
        session: { user: { name: string } }
      }
      expect(direct.session.user.name).toBe('Alice')
      const page = await jarFetch(jar, `${origin}/protected`, { headers: { accept: 'text/html' } })
      expect(page.status).toBe(200)
      expect(await page.text()).toBe('hello Alice')
    })

    it('signs in with a JSON body', async () => {
      const jar = new CookieJar()
      const token = await csrfToken(jar, origin)
      const res = await jarFetch(jar, `${origin}/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
        body: JSON.stringify({
          csrfToken: token,
          username: 'alice',
          password: 'wonderland',
          callbackUrl: '/x',
        }),
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ url: `${origin}/x` })
      expect(jar.get(SESSION)).toBeTruthy()
    })

    it('signs out', async () => {
      const jar = new CookieJar()
      await signInForm(jar, { username: 'alice', password: 'wonderland' })
      const token = await csrfToken(jar, origin)
      const res = await jarFetch(jar, `${origin}/auth/signout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: token }).toString(),
      })
      expect(res.status).toBe(302)
      expect(jar.get(SESSION)).toBeUndefined()
      const me = (await (await jarFetch(jar, `${origin}/me`)).json()) as { session: unknown }
      expect(me.session).toBeNull()
    })

    it('requireSession: 401 JSON for API clients, a redirect to sign-in for pages', async () => {
      const api = await fetch(`${origin}/protected`, { headers: { accept: 'application/json' } })
      expect(api.status).toBe(401)
      expect(await api.json()).toEqual({ message: 'Sign in required.' })
      const page = await fetch(`${origin}/protected?tab=1`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      })
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(
        `/auth/signin?callbackUrl=${encodeURIComponent('/protected?tab=1')}`,
      )
    })

    frameworkNegativeSuite(`gatehouse-auth/express: ${variant.name}`, () => ({
      origin: origin,
      protectedPath: '/protected',
      protectedInit: { headers: { accept: 'text/html' } },
      refusedStatus: 302,
    }))
  })
}
