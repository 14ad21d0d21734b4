/**
 * `npm run example:express`: Gatehouse on Express 5 at http://localhost:3003, with credentials (the demo users)
 * and the Demo IdP (a local OpenID provider started beside it), a protected server-rendered page and sign-out.
 * Also used by the Chromium suite, which starts it on a free port.
 */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import express from 'express'
import type { AuthConfig } from 'gatehouse-auth'
import { ExpressAuth, currentSession, requireSession } from 'gatehouse-auth/express'
import Credentials from 'gatehouse-auth/providers/credentials'
import { startDemoIdp } from '../demo/demo-idp.js'
import { faviconHeaders, faviconIco } from '../shared/example-assets.js'
import { checkAccount } from './check-account.js'
import { dashboardPage, homePage } from './example-page.js'

/** A running example. */
export interface RunningExample {
  url: string
  close(): Promise<void>
}

/** Starts the Demo IdP and the Express app on `host:port` (0: a free port). */
export async function startExpressExample(
  options: { port?: number; host?: string } = {},
): Promise<RunningExample> {
  const host = options.host ?? 'localhost'
  const idp = await startDemoIdp()
  const config: AuthConfig = {
    secret: process.env['AUTH_SECRET'] ?? 'example-only-secret-change-me-0123456789abcdef',
    trustHost: true, // a local example: the Host header names the app
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: ({ email, password }) => checkAccount(email, password),
      }),
      idp.provider,
    ],
  }

  const app = express()
  // Mounted at /auth: ExpressAuth takes its base path from the mount (`req.baseUrl`).
  app.use('/auth', ExpressAuth(config))
  // Browsers ask every origin for it, the built-in sign-in pages included.
  app.get('/favicon.ico', (_req, res) => {
    res.set(faviconHeaders).send(faviconIco)
  })
  app.get('/', currentSession(config), (_req, res) => {
    const session = res.locals['session'] as { user?: { name?: string; email?: string } } | null
    res.type('html').send(homePage('Express', session?.user).toString())
  })
  app.get('/dashboard', requireSession(config), (_req, res) => {
    const session = res.locals['session'] as { user?: { name?: string; email?: string } }
    res.type('html').send(dashboardPage('Express', session.user ?? {}).toString())
  })

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port ?? 3003, host, () => resolve(s))
  })
  const url = `http://${host}:${(server.address() as AddressInfo).port}`
  idp.setRedirectUris([`${url}/auth/callback/demo-idp`])
  return {
    url,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await idp.close()
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const example = await startExpressExample({ port: Number(process.env['PORT'] ?? 3003) })
  console.log(`Gatehouse Express example on ${example.url}`)
}
