/**
 * `@auth/express` 0.12.3, unchanged, on Gatehouse: this project resolves `@auth/core` to Gatehouse's source (see
 * vitest.config.ts), as an npm `overrides` entry or a package alias does in an application. The wrapper calls
 * `setEnvDefaults`, `createActionURL` and `Auth` from what it believes is @auth/core.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ExpressAuth, getSession } from '@auth/express'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as aliased from '@auth/core'
import * as gatehouse from '../../src/index.js'
import Credentials from '../../src/providers/credentials.js'
import { CookieJar, jarFetch } from '../support/cookie-jar.js'

describe('@auth/express with @auth/core aliased to Gatehouse', () => {
  let server: Server
  let origin: string
  const config = {
    secret: 'express-alias-secret-0123456789abcdefghij',
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (c) => (c.password === 'pw' ? { id: '7', name: String(c.username) } : null),
      }),
    ],
  }

  beforeAll(async () => {
    const app = express()
    app.set('trust proxy', true)
    // Express 5 syntax for @auth/express's `/auth/*`: the wrapper reads the base path from `req.params[0]`.
    app.use(/^\/auth\/(.*)/, ExpressAuth(config as never))
    app.get('/me', (req, res) => {
      getSession(req, config as never)
        .then((session) => res.json({ session }))
        .catch((error: unknown) => res.status(500).json({ error: String(error) }))
    })
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('the alias is in effect: @auth/core is Gatehouse', () => {
    expect(aliased.Auth).toBe(gatehouse.Auth)
    expect(aliased.setEnvDefaults).toBe(gatehouse.setEnvDefaults)
  })

  test('signs in with credentials through the wrapper and reads the session with its getSession', async () => {
    const jar = new CookieJar()
    const csrf = await jarFetch(jar, `${origin}/auth/csrf`)
    expect(csrf.status).toBe(200)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const signIn = await jarFetch(jar, `${origin}/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, username: 'ada', password: 'pw', callbackUrl: `${origin}/me` }),
      redirect: 'manual',
    })
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get('location')).toBe(`${origin}/me`)
    const me = await jarFetch(jar, `${origin}/me`)
    const { session } = (await me.json()) as { session: { user: { name: string } } | null }
    expect(session?.user.name).toBe('ada')
    const anonymous = await fetch(`${origin}/me`)
    expect(await anonymous.json()).toEqual({ session: null })
  })
})
