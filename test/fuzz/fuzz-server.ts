/**
 * The README's quick-start server, verbatim in shape, for the raw-HTTP fuzz suite (run as a child process, so a
 * request that kills it is seen as the exit it is). Arguments: configuration name, closed port, SQLite path.
 * It reports its port over IPC and answers `heap` messages with the used heap after a full GC.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAuth } from '../../src/create-auth.js'
import { toNodeHandler } from '../../src/integrations/node/index.js'
import { buildConfig, type FuzzConfigName } from './fuzz-configs.js'

const [name, closedPort, sqlitePath] = process.argv.slice(2)
const built = await buildConfig(name as FuzzConfigName, {
  closedPort: Number(closedPort),
  sqlitePath: sqlitePath!,
})
const { handlers, auth } = createAuth(built.config)

// As the README shows it, through `toNodeHandler`: no try/catch of our own, so anything that escapes it is an
// unhandled rejection and kills this process.
const server = createServer(
  toNodeHandler(async (request) => {
    if (new URL(request.url).pathname.startsWith('/auth/')) {
      return request.method === 'POST' ? handlers.POST(request) : handlers.GET(request)
    }
    const session = await auth(request) // the Session, or null
    return new Response(session ? `Hello ${session.user?.name}` : 'Please sign in at /auth/signin')
  }),
).listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})

process.on('message', (message) => {
  if (message !== 'heap') return
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  gc?.()
  process.send?.({ heap: process.memoryUsage().heapUsed })
})
