import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createAuth } from 'gatehouse-auth'
import { toWebRequest, writeWebResponse } from 'gatehouse-auth/node'
import Credentials from 'gatehouse-auth/providers/credentials'
import Nodemailer from 'gatehouse-auth/providers/nodemailer'
import Passkey from 'gatehouse-auth/providers/passkey'
import Password from 'gatehouse-auth/providers/password'
import { startLocalMailbox } from 'gatehouse-auth/testing/mailbox'
import { AccountStore } from './account-store.js'
import { allowedHosts } from './allowed-hosts.js'
import { faviconHeaders, faviconIco } from '../shared/example-assets.js'
import { demoAccounts } from './demo-accounts.js'
import { startDemoIdp } from './demo-idp.js'
import { openDemoDatabase } from './demo-database.js'
import { homePage } from './home-page.js'
import { html } from './html.js'
import { loadSecret } from './load-secret.js'
import { mailboxPage } from './mailbox-page.js'
import { protectedPage } from './protected-page.js'
import { sendPage } from './send-page.js'

/** Options of {@link startDemo}; each has a default fit for `npm start`. */
export interface StartDemoOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number | undefined
  /** A loopback name or address; default `localhost`. */
  host?: string | undefined
  /**
   * Where the generated development secret and the SQLite database (`demo.sqlite`) are kept; default
   * `examples/demo/.data`. `DATABASE_URL` in `env` (postgres://, mysql://, file:) puts the database elsewhere.
   */
  dataDir?: string | undefined
  /**
   * Where the demo reads `AUTH_SECRET` and `NODE_ENV`; default `process.env`. Gatehouse itself still reads
   * `AUTH_URL` and its other variables from `process.env`: `createAuth` takes no environment.
   */
  env?: Readonly<Record<string, string | undefined>> | undefined
  /** Where start-up notes go; default `console.log`. */
  log?: ((line: string) => void) | undefined
}

/** A running demo server. */
export interface RunningDemo {
  /** Its address, like `http://localhost:3000`. */
  url: string
  /** Stops listening and drops open connections (browsers keep them alive). */
  close: () => Promise<void>
}

const BASE_PATH = '/auth'
const DEFAULT_DATA_DIR = fileURLToPath(new URL('./.data/', import.meta.url))
const SIGN_IN_FOR_PROTECTED = `${BASE_PATH}/signin?callbackUrl=/protected`

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  })
  res.end(`${text}\n`)
}

/**
 * Starts the demo: Gatehouse at `/auth` (credentials, the Demo IdP, e-mail links to a local mailbox, passkeys; database
 * sessions), a home page, a protected page and the mailbox.
 *
 * @example
 * ```ts
 * const demo = await startDemo({ port: 0, host: '127.0.0.1', dataDir: tmp })
 * await fetch(`${demo.url}/auth/session`)
 * await demo.close()
 * ```
 * @throws DemoConfigError when the secret is missing in production or the host is not loopback.
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const host = options.host ?? 'localhost'
  const log = options.log ?? ((line: string) => console.log(line))
  let hosts = allowedHosts(host, options.port ?? 3000)
  const env = options.env ?? process.env
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR
  const secret = await loadSecret({ env, dataDir, log })
  const database = await openDemoDatabase(env.DATABASE_URL, dataDir)
  const accounts = await AccountStore.create(database, demoAccounts).catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  log(`Gatehouse demo: database ${database.label} (database sessions)`)
  // A local OpenID provider, so that the demo shows an OAuth sign-in too ("Sign in with Demo IdP").
  const idp = await startDemoIdp()
  // A local SMTP server, so that e-mail sign-in works with no mail account: /mailbox shows what it received.
  const mailbox = await startLocalMailbox()
  const email = Nodemailer({ name: 'Email', server: mailbox.url, from: 'Gatehouse demo <demo@localhost>' })

  const { handlers, auth } = createAuth({
    secret,
    basePath: BASE_PATH,
    // Gatehouse builds its redirects and callback URLs from the request's Host header only when told to trust it.
    // That is safe here, and only here: the server listens on loopback alone and refuses any Host that is not a
    // loopback name at its own port (which also defeats DNS rebinding). AUTH_URL is not used instead because the
    // port is known only once listening (tests use port 0), and pinning one of localhost / 127.0.0.1 would break
    // the other, since cookies belong to the host name the browser used. Behind a proxy, set AUTH_URL instead.
    trustHost: true,
    // With an adapter the session strategy is "database": the cookie holds a random token, the table its hash.
    adapter: database.adapter,
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email', autocomplete: 'username', required: true },
          password: { label: 'Password', type: 'password', required: true },
        },
        authorize: (credentials) => accounts.authorize(credentials),
      }),
      idp.provider,
      // Links are sent over real SMTP to the local mailbox above; the database keeps the (hashed) tokens.
      email,
      // Password accounts Gatehouse keeps itself (sign-up, verification, reset, change; argon2id in the
      // "passwords" table), their links mailed to the same local mailbox.
      Password({ name: 'Password account', sender: email }),
      // Passkeys (WebAuthn): the browser keeps the key, the database its public half ("authenticators" table).
      Passkey(),
    ],
    // "Check your email" links to the demo's own inbox, where the local SMTP server's messages are shown.
    theme: { inbox: { url: '/mailbox', label: 'Open the demo mailbox' } },
    // Two-factor sign-in, each person's choice: enrol from the protected page; every later sign-in, with any of
    // the providers above, then asks for the code of the authenticator app (or a backup code).
    twoFactor: { issuer: 'Gatehouse demo' },
  })

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Converted first: toWebRequest answers a broken request line or Host with a ready 400 instead of throwing,
    // and takes the host of an absolute-form target (`GET http://localhost:3000/ HTTP/1.1`) over the Host header.
    const request = toWebRequest(req)
    if (request instanceof Response) {
      await writeWebResponse(res, request)
      return
    }
    // The URL was built by concatenation, never by resolving the target against a base (which would read
    // "//evil.example/x" as another host), so its host is the one the client addressed.
    const url = new URL(request.url)
    if (!hosts.has(url.host.toLowerCase())) {
      sendText(res, 400, 'Unknown Host header: this demo only answers on localhost.')
      return
    }
    const path = url.pathname
    if (path === BASE_PATH || path.startsWith(`${BASE_PATH}/`)) {
      await writeWebResponse(
        res,
        await (req.method === 'POST' ? handlers.POST(request) : handlers.GET(request)),
      )
      return
    }
    if (path === '/favicon.ico') {
      // Browsers ask every origin for it, the built-in sign-in pages included.
      res.writeHead(200, faviconHeaders).end(faviconIco)
      return
    }
    if (path === '/mailbox' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendPage(res, { title: 'Mailbox', body: mailboxPage(mailbox.messages, url.origin), noStore: true })
      return
    }
    if (path !== '/' && path !== '/protected') {
      sendPage(res, {
        status: 404,
        title: 'Not found',
        body: html`<h1>Not found</h1>
          <p><a href="/">Go home</a></p>`,
      })
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' })
      return
    }
    const session = await auth(request)
    if (path === '/') {
      sendPage(res, { title: 'Home', body: homePage({ accounts: demoAccounts, session }), noStore: true })
    } else if (session === null) {
      res.writeHead(302, { Location: SIGN_IN_FOR_PROTECTED, 'Cache-Control': 'no-store' }).end()
    } else {
      sendPage(res, { title: 'Protected page', body: protectedPage(session), noStore: true })
    }
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('Gatehouse demo: a request failed', error)
      if (res.headersSent) res.destroy()
      else sendText(res, 500, 'Something went wrong; the server log says what.')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    // A port in use must not leave the database open (and a SQLite file locked) behind the error.
    await database.close()
    await idp.close()
    await mailbox.close()
    throw error
  })
  const { port } = server.address() as AddressInfo
  hosts = allowedHosts(host, port)
  idp.setRedirectUris([...hosts].map((h) => `http://${h}${BASE_PATH}/callback/${idp.provider.id}`))
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }).finally(() => Promise.all([database.close(), idp.close(), mailbox.close()])),
  }
}
