/**
 * The app of the browser passkey tests: Gatehouse at `/auth` (Passkey and credentials providers, any adapter), a
 * home page, and `/client`, a plain page that drives `gatehouse-auth/webauthn` (bundled from `src` with esbuild). It
 * listens on 127.0.0.1; the browser opens it as `http://localhost:<port>`, a secure context whose host can be the
 * relying party's id.
 */
import { build } from 'esbuild'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Adapter } from '../../src/adapters/adapter.js'
import { Auth } from '../../src/auth.js'
import { toWebRequest } from '../../src/integrations/node/to-web-request.js'
import { writeWebResponse } from '../../src/integrations/node/write-web-response.js'
import Credentials from '../../src/providers/credentials.js'
import Passkey from '../../src/providers/passkey.js'
import type { AuthConfig } from '../../src/types.js'
import { quietLogger } from '../database/session-flow-scenarios.js'

export const PASSWORD_USER = { id: 'password-user', email: 'pat@example.com', password: 'correct horse' }

export interface WebAuthnBrowserApp {
  /** `http://localhost:<port>` */
  origin: string
  config: AuthConfig
  /** `METHOD /path?query [form keys]` of each request under `/auth`, in order; clear it between steps. */
  requests: string[]
  close(): Promise<void>
}

const CLIENT_ENTRY = `
import { signIn, browserSupportsWebAuthn } from ${JSON.stringify(fileURLToPath(new URL('../../src/client/webauthn/index.ts', import.meta.url)))}
import { setBasePath, getSession, signOut } from ${JSON.stringify(fileURLToPath(new URL('../../src/client/index.ts', import.meta.url)))}
setBasePath('/auth')
window.lib = { signIn, getSession, signOut, browserSupportsWebAuthn }
document.querySelector('#status').textContent = 'ready'
`

async function clientBundle(): Promise<string> {
  const result = await build({
    stdin: { contents: CLIENT_ENTRY, loader: 'ts', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

const HOME = '<!DOCTYPE html><title>Home</title><h1 id="home">Home</h1>'
const CLIENT_PAGE =
  '<!DOCTYPE html><title>Client</title><p id="status">loading</p><script type="module" src="/client.js"></script>'

/** Starts the app on an ephemeral port with `adapter` and the JWT strategy (the credentials provider needs it). */
export async function startWebAuthnBrowserApp(adapter: Adapter): Promise<WebAuthnBrowserApp> {
  const client = await clientBundle()
  const config: AuthConfig = {
    secret: 'a-test-secret-that-is-at-least-32-characters-long',
    trustHost: true,
    adapter,
    logger: quietLogger(),
    session: { strategy: 'jwt' },
    providers: [
      Passkey(),
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: (input) =>
          input['email'] === PASSWORD_USER.email && input['password'] === PASSWORD_USER.password
            ? { id: PASSWORD_USER.id, email: PASSWORD_USER.email }
            : null,
      }),
    ],
  }
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (path.startsWith('/auth/')) {
      const request = toWebRequest(req)
      if (!(request instanceof Response)) {
        void request
          .clone()
          .text()
          .then((body) => {
            const keys = [...new URLSearchParams(body).keys()].sort().join(',')
            const redirectHeader =
              req.headers['x-auth-return-redirect'] === '1' ? ' X-Auth-Return-Redirect' : ''
            requests.push(
              `${req.method} ${path}${req.method === 'POST' ? ` [${keys}]${redirectHeader}` : ''}`,
            )
          })
      }
      ;(request instanceof Response ? Promise.resolve(request) : Auth(request, config))
        .then((response) => writeWebResponse(res, response))
        .catch((error: unknown) => {
          res.statusCode = 599
          res.end(`test server caught: ${String(error)}`)
        })
      return
    }
    const [type, body] =
      path === '/client.js'
        ? ['text/javascript', client]
        : path === '/client'
          ? ['text/html', CLIENT_PAGE]
          : ['text/html', HOME]
    res.setHeader('Content-Type', `${type}; charset=utf-8`)
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    config,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
