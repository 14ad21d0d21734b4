/**
 * `npm run example:hono`: Gatehouse on Hono 4 (on `@hono/node-server`) at http://localhost:3004, with credentials
 * (the demo users) and the Demo IdP (a local OpenID provider started beside it), a protected server-rendered page
 * and sign-out. Also used by the Chromium suite, which starts it on a free port.
 */
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import type { AuthConfig } from 'gatehouse-auth'
import { authHandler, getAuthUser, initAuthConfig } from 'gatehouse-auth/hono'
import Credentials from 'gatehouse-auth/providers/credentials'
import { startDemoIdp } from '../demo/demo-idp.js'
import { faviconHeaders, faviconIco } from '../shared/example-assets.js'
import { checkAccount } from '../express/check-account.js'
import { dashboardPage, homePage } from '../express/example-page.js'

/** A running example. */
export interface RunningExample {
  url: string
  close(): Promise<void>
}

/** Starts the Demo IdP and the Hono app on `host:port` (0: a free port). */
export async function startHonoExample(
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

  const app = new Hono()
  app.use(
    '*',
    initAuthConfig(() => config),
  )
  app.use('/auth/*', authHandler())
  // Browsers ask every origin for it, the built-in sign-in pages included.
  app.get('/favicon.ico', (c) => c.body(new Uint8Array(faviconIco), 200, faviconHeaders))
  app.get('/', async (c) => c.html(homePage('Hono', (await getAuthUser(c))?.user ?? undefined).toString()))
  app.get('/dashboard', async (c) => {
    const authUser = await getAuthUser(c)
    // A page, so a signed-out visitor is sent to sign in (verifyAuth() answers 401, for APIs).
    if (!authUser) return c.redirect(`/auth/signin?callbackUrl=${encodeURIComponent('/dashboard')}`)
    return c.html(dashboardPage('Hono', authUser.user ?? {}).toString())
  })

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 3004, hostname: host }, () => resolve(s))
  })
  const url = `http://${host}:${(server.address() as AddressInfo).port}`
  idp.setRedirectUris([`${url}/auth/callback/demo-idp`])
  return {
    url,
    async close() {
      ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await idp.close()
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const example = await startHonoExample({ port: Number(process.env['PORT'] ?? 3004) })
  console.log(`Gatehouse Hono example on ${example.url}`)
}
