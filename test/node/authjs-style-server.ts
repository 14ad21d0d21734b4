/**
 * A server written the Auth.js way (`handlers.GET(toWebRequest(req))`, the `Response` copied onto `res` by hand),
 * run as a child process by `authjs-style-server.test.ts`: a request that `toWebRequest` answers with its ready 400
 * must be answered with it, never crash the process. No `try` and no error listener on purpose: the app does what
 * a user would.
 *
 * @module
 */
import { createServer } from 'node:http'
import { createAuth } from '../../src/index.js'
import { toWebRequest } from '../../src/integrations/node/index.js'
import Credentials from '../../src/providers/credentials.js'

const { handlers } = createAuth(
  {
    secret: 'a-test-secret-that-is-long-enough-for-gatehouse-0123456789',
    trustHost: true,
    providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => null })],
  },
  { env: {} },
)

// An async listener, as users write it: a rejection here would be unhandled and end the process.
// eslint-disable-next-line @typescript-eslint/no-misused-promises
createServer(async (req, res) => {
  const response = await (req.method === 'POST' ? handlers.POST : handlers.GET)(toWebRequest(req))
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers)
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  res.end(await response.text())
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('listening\n'))
