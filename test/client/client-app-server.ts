import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { createAuth } from '../../src/create-auth.js'
import { writeWebResponse } from '../../src/integrations/node/index.js'
import Credentials from '../../src/providers/credentials.js'

/** The libraries a page can run: Gatehouse's React client, or next-auth/react 5.0.0-beta.32 itself. */
export type ClientLib = 'gatehouse' | 'next-auth'

const entries: Record<ClientLib, string> = {
  gatehouse: '../../src/client/react/index.ts',
  'next-auth': 'next-auth/react',
}

const bundles = new Map<ClientLib, Promise<string>>()

/** The page's script: the library and the fixture app, bundled for the browser (esbuild, no network). */
function bundle(lib: ClientLib): Promise<string> {
  let built = bundles.get(lib)
  if (!built) {
    built = build({
      stdin: {
        contents: `import * as lib from '${entries[lib]}'\nimport { mount } from './fixtures/session-app.ts'\nmount(lib)\n`,
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      define: { 'process.env.NODE_ENV': '"production"' },
      // next-auth/react reads process.env.NEXTAUTH_URL at load; a page has no `process`.
      banner: { js: 'globalThis.process ??= { env: {} };' },
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]!.text)
    bundles.set(lib, built)
  }
  return built
}

/** One request that reached the authentication endpoints, as the tests compare them. */
export interface SeenRequest {
  method: string
  path: string
  contentType: string | null
  returnRedirect: string | null
  body: string
}

/** A running page server with Gatehouse at `/api/auth`. */
export interface ClientApp {
  origin: string
  requests: SeenRequest[]
  /** Triggers the `jwt` callback saw, in order. */
  triggers: (string | undefined)[]
  /** `session` argument of `jwt` calls with trigger `update`. */
  updates: unknown[]
  /** While true, `GET /api/auth/session` answers 500 (a server in trouble). */
  failSession: boolean
  close(): Promise<void>
}

export const alice = { email: 'alice@example.com', password: 'correct horse', name: 'Alice' }

/** Serves the test page and Gatehouse on 127.0.0.1 (JWT sessions, one credentials user). */
export async function startClientApp(): Promise<ClientApp> {
  const app: Omit<ClientApp, 'origin' | 'close'> = {
    requests: [],
    triggers: [],
    updates: [],
    failSession: false,
  }
  const { handlers } = createAuth(
    {
      secret: 'a-test-secret-that-is-long-enough-0123456789',
      basePath: '/api/auth',
      trustHost: true,
      providers: [
        Credentials({
          credentials: { email: {}, password: {} },
          authorize: (c) =>
            c.email === alice.email && c.password === alice.password
              ? { id: 'u1', name: alice.name, email: alice.email }
              : null,
        }),
      ],
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          app.triggers.push(trigger)
          if (trigger !== 'update') return token
          app.updates.push(session)
          const name = (session as { name?: unknown } | undefined)?.name
          return typeof name === 'string' ? { ...token, name } : token
        },
      },
    },
    { env: {} },
  )
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/api/auth/')) {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        app.requests.push({
          method: req.method ?? '',
          path: url,
          contentType: req.headers['content-type'] ?? null,
          returnRedirect: (req.headers['x-auth-return-redirect'] as string | undefined) ?? null,
          body,
        })
        if (app.failSession && url.startsWith('/api/auth/session') && req.method === 'GET') {
          res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"message":"down"}')
          return
        }
        const headers = new Headers()
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers.set(name, value)
        }
        const request = new Request(`http://${req.headers.host}${url}`, {
          method: req.method ?? 'GET',
          headers,
          ...(req.method === 'POST' ? { body } : {}),
        })
        const handle = req.method === 'POST' ? handlers.POST : handlers.GET
        handle(request)
          .then((response) => writeWebResponse(res, response))
          .catch(() => res.writeHead(599).end())
      })
      return
    }
    const lib = url.startsWith('/next-auth') ? 'next-auth' : url.startsWith('/gatehouse') ? 'gatehouse' : null
    if (url.startsWith('/bundle-')) {
      const which: ClientLib = url.startsWith('/bundle-next-auth') ? 'next-auth' : 'gatehouse'
      bundle(which)
        .then((js) => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js))
        .catch((error: unknown) => res.writeHead(500).end(String(error)))
      return
    }
    if (!lib) return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(`<!doctype html><div id="root"></div><script type="module" src="/bundle-${lib}.js"></script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return Object.assign(app, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
