/**
 * The servers of the HTTP benchmark, in a child process of its own so the load generator does not share their event
 * loop: a bare `node:http` JSON handler, an Express app answering the same JSON from one route (`expressBare`), Gatehouse through `gatehouse-auth/node`, `gatehouse-auth/express` and `gatehouse-auth/hono` (on `@hono/node-server`), and
 * `@auth/express` as the anchor. Prints `{ name: port }` as one JSON line once all listen.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import AnchorCredentials from '@auth/core/providers/credentials'
import { ExpressAuth as AnchorExpressAuth } from '@auth/express'
import { getRequestListener } from '@hono/node-server'
import express from 'express'
import { Hono } from 'hono'
import { createAuth } from '../src/create-auth.js'
import { ExpressAuth } from '../src/integrations/express/index.js'
import { authHandler, initAuthConfig } from '../src/integrations/hono/index.js'
import { toNodeHandler } from '../src/integrations/node/index.js'
import Credentials from '../src/providers/credentials.js'
import type { AuthConfig } from '../src/types.js'
import { SECRET, USER } from './create-bench-systems.js'

const authorize = () => ({ ...USER })
const config: AuthConfig = {
  providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })],
  secret: SECRET,
  trustHost: true,
}

const sessionJson = JSON.stringify({
  user: { name: USER.name, email: USER.email },
  expires: new Date(Date.now() + 30 * 86_400_000).toISOString(),
})

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const bare = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(sessionJson)
})

const { handlers } = createAuth(config)
const node = createServer(toNodeHandler(handlers.GET))

const app = express()
app.use('/auth', ExpressAuth(config))

// The second anchor: Express itself answering the same JSON, so Express's own cost per request can be told apart.
const expressBare = express()
expressBare.get('/auth/session', (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(sessionJson)
})

const hono = new Hono()
hono.use(
  '*',
  initAuthConfig(() => config),
)
hono.use('/auth/*', authHandler())

const anchor = express()
anchor.set('trust proxy', true)
anchor.use(
  '/auth',
  AnchorExpressAuth({
    providers: [AnchorCredentials({ credentials: { email: {}, password: {} }, authorize })],
    secret: SECRET,
    trustHost: true,
  }),
)

// @hono/node-server's listener returns a promise that it settles itself (it answers 500 on a failure).
const honoListener = getRequestListener(hono.fetch)
const listener: (req: IncomingMessage, res: ServerResponse) => void = (req, res) =>
  void honoListener(req, res)

const ports = {
  bare: await listen(bare),
  node: await listen(node),
  express: await listen(createServer(app)),
  expressBare: await listen(createServer(expressBare)),
  hono: await listen(createServer(listener)),
  anchor: await listen(createServer(anchor)),
}
console.log(JSON.stringify(ports))
