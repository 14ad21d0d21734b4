/**
 * Express and Hono over HTTP: their guards (`requireSession`, `verifyAuth`) refuse a user whose second factor is
 * pending, and the code completes the sign-in through their handlers.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import express from 'express'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { ExpressAuth, requireSession } from '../../src/integrations/express/index.js'
import { authHandler, initAuthConfig, verifyAuth } from '../../src/integrations/hono/index.js'
import { enrolledConfig, pendingThenCode } from './integration-case.js'

describe('Express', () => {
  let server: Server
  let origin = ''
  beforeAll(async () => {
    const config = await enrolledConfig()
    const app = express()
    app.use('/auth', ExpressAuth(config))
    app.get('/protected', requireSession(config), (_req, res) => void res.send('hello'))
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  it('requireSession refuses the pending user; the code completes the sign-in', async () => {
    await pendingThenCode(fetch, origin, '/auth', '/protected', 401)
  })
})

describe('Hono', () => {
  let server: ServerType
  let origin = ''
  beforeAll(async () => {
    const config = await enrolledConfig()
    const app = new Hono()
    app.use(
      '*',
      initAuthConfig(() => config),
    )
    app.use('/auth/*', authHandler())
    app.get('/api/me', verifyAuth(), (c) => c.json({ name: c.get('authUser').user?.name }))
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
    })
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  it('verifyAuth refuses the pending user; the code completes the sign-in', async () => {
    await pendingThenCode(fetch, origin, '/auth', '/api/me', 401)
  })
})
