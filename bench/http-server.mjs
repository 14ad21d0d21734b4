/**
 * One server of the HTTP benchmark, alone in its process, on the built package (`dist`, through the package's own
 * name, as an application imports it): `node bench/http-server.mjs <name>` with `PORT`, `AUTH_SECRET` and
 * `BENCH_SESSION_JSON` (what the bare servers answer) in the environment; prints `ready` once it listens.
 * The README quick start is not here: `http-run.ts` runs the README's own code block.
 */
import { createServer } from 'node:http'
import { createAuth } from 'gatehouse-auth'
import Credentials from 'gatehouse-auth/providers/credentials'
import { sessionFloor } from './session-floor.mjs'

const name = process.argv[2]
const port = Number(process.env.PORT)
const secret = process.env.AUTH_SECRET
const sessionJson = process.env.BENCH_SESSION_JSON
const user = JSON.parse(process.env.BENCH_USER_JSON)
const authorize = () => ({ ...user })
// What the session endpoint answers besides the JSON: the servers without Gatehouse send the same, so that each pair
// differs only in who computes the answer (a shorter or chunked answer would flatter the ratio).
const sessionHeaders = {
  'Cache-Control': 'private, no-cache, no-store',
  'Content-Type': 'application/json',
  Expires: '0',
  Pragma: 'no-cache',
  'Content-Length': Buffer.byteLength(sessionJson),
}
const config = {
  providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })],
  secret,
  trustHost: true,
}

/** Writes the floor's answer (session-floor.mjs) to a Node response, with the session endpoint's headers. */
function answerFloor(floor, req, res) {
  void Promise.resolve(floor(req.headers.cookie)).then((body) => {
    res.writeHead(200, { ...sessionHeaders, 'Content-Length': Buffer.byteLength(body) })
    res.end(body)
  })
}

async function app() {
  switch (name) {
    case 'bare':
      return (_req, res) => {
        res.writeHead(200, sessionHeaders)
        res.end(sessionJson)
      }
    case 'node': {
      const { toNodeHandler } = await import('gatehouse-auth/node')
      return toNodeHandler(createAuth(config).handlers.GET)
    }
    case 'authjs': {
      // The pattern an Auth.js user writes: the handler called with `toWebRequest`'s request, the answer written back.
      const { toWebRequest, writeWebResponse } = await import('gatehouse-auth/node')
      const { handlers } = createAuth(config)
      return (req, res) => {
        void handlers.GET(toWebRequest(req)).then((response) => writeWebResponse(res, response))
      }
    }
    case 'express': {
      const { default: express } = await import('express')
      const { ExpressAuth } = await import('gatehouse-auth/express')
      const app = express()
      app.use('/auth', ExpressAuth(config))
      return app
    }
    case 'expressBare': {
      const { default: express } = await import('express')
      const app = express()
      app.get('/auth/session', (_req, res) => {
        res.writeHead(200, sessionHeaders)
        res.end(sessionJson)
      })
      return app
    }
    case 'hono':
    case 'honoBare': {
      const { Hono } = await import('hono')
      const { getRequestListener } = await import('@hono/node-server')
      const hono = new Hono()
      if (name === 'hono') {
        const { authHandler, initAuthConfig } = await import('gatehouse-auth/hono')
        hono.use(
          '*',
          initAuthConfig(() => config),
        )
        hono.use('/auth/*', authHandler())
      } else {
        // Hono takes string values and adds the length itself, as it does for Gatehouse's answer.
        const { 'Content-Length': _length, ...honoHeaders } = sessionHeaders
        hono.get('/auth/session', (c) => c.body(sessionJson, 200, honoHeaders))
      }
      const listener = getRequestListener(hono.fetch)
      return (req, res) => void listener(req, res)
    }
    case 'nodeFloor': {
      // The floor of a session check (session-floor.mjs) in a bare `node:http` server.
      const floor = sessionFloor(secret)
      return (req, res) => {
        answerFloor(floor, req, res)
      }
    }
    case 'expressFloor': {
      // The floor of a session check (session-floor.mjs), mounted as `gatehouse-auth/express` is.
      const { default: express } = await import('express')
      const floor = sessionFloor(secret)
      const app = express()
      app.use('/auth', (req, res) => {
        answerFloor(floor, req, res)
      })
      return app
    }
    case 'honoFloor': {
      // The same floor, mounted as `gatehouse-auth/hono` is: a configuration middleware, then the endpoint's.
      const { Hono } = await import('hono')
      const { getRequestListener } = await import('@hono/node-server')
      const floor = sessionFloor(secret)
      const { 'Content-Length': _length, ...honoHeaders } = sessionHeaders
      const hono = new Hono()
      hono.use('*', async (c, next) => {
        c.set('authConfig', config)
        await next()
      })
      hono.use('/auth/*', async (c) => c.body(await floor(c.env.incoming.headers.cookie), 200, honoHeaders))
      const listener = getRequestListener(hono.fetch)
      return (req, res) => void listener(req, res)
    }
    case 'anchor': {
      const { default: express } = await import('express')
      const { ExpressAuth } = await import('@auth/express')
      const { default: AnchorCredentials } = await import('@auth/core/providers/credentials')
      const app = express()
      app.set('trust proxy', true)
      app.use(
        '/auth',
        ExpressAuth({
          providers: [AnchorCredentials({ credentials: { email: {}, password: {} }, authorize })],
          secret,
          trustHost: true,
        }),
      )
      return app
    }
    default:
      throw new Error(`no bench server named ${name}`)
  }
}

// A clean exit on SIGTERM, so that `--cpu-prof` (bench/http-profile.ts) writes its profile.
process.on('SIGTERM', () => process.exit(0))
createServer(await app()).listen(port, '127.0.0.1', () => process.stdout.write('ready\n'))
