/**
 * The README's quick-start server, line for line (only the imports point at the sources and the port comes from
 * argv), run as a child process by `readme-server.test.ts`: if one request could crash it, the process would exit.
 * The test checks that the `createServer(...)` block below is the one in README.md.
 *
 * @module
 */
import { createServer } from 'node:http'
import { createAuth } from '../../src/index.js'
import { toNodeHandler } from '../../src/integrations/node/index.js'
import Credentials from '../../src/providers/credentials.js'

function checkPassword(email: unknown, password: unknown) {
  return Promise.resolve(
    email === 'ada@example.com' && password === 'correct horse' ? { id: '1', name: 'Ada', email } : null,
  )
}

const { handlers, auth } = createAuth(
  {
    secret: 'a-test-secret-that-is-long-enough-for-gatehouse-0123456789',
    trustHost: true,
    providers: [
      Credentials({
        credentials: {
          email: { label: 'Email', type: 'email', autocomplete: 'username' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize({ email, password }) {
          return (await checkPassword(email, password)) ?? null // your code: a user object or null
        },
      }),
    ],
  },
  { env: {} },
)

// README: begin
createServer(
  toNodeHandler(async (request) => {
    if (new URL(request.url).pathname.startsWith('/auth/')) {
      return request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)
    }
    const session = await auth(request) // the Session, or null
    return new Response(session ? `Hello ${session.user?.name}` : 'Please sign in at /auth/signin')
  }),
).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('listening\n'))
// README: end
