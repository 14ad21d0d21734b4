import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Auth } from '../../src/auth.js'
import { toWebRequest } from '../../src/integrations/node/to-web-request.js'
import { writeWebResponse } from '../../src/integrations/node/write-web-response.js'
import type { AuthConfig } from '../../src/types.js'

/** A running test server: Gatehouse mounted at `basePath` of a real `node:http` server on loopback. */
export interface ServedAuth {
  /** `http://127.0.0.1:<port>` */
  origin: string
  close(): Promise<void>
}

/**
 * Serves `config` on 127.0.0.1 with an ephemeral port. Requests outside the base path get 404, like an app that
 * only mounts Gatehouse there. The config may be a function of the origin, for URLs that need the port.
 */
export async function serveAuth(config: AuthConfig | ((origin: string) => AuthConfig)): Promise<ServedAuth> {
  // Set once the port is known; requests cannot arrive before that.
  const state: { config?: AuthConfig } = {}
  const server: Server = createServer((req, res) => {
    const basePath = state.config?.basePath ?? '/auth'
    if (!req.url?.startsWith(`${basePath}/`)) {
      res.statusCode = 404
      res.end('not found')
      return
    }
    const request = toWebRequest(req)
    ;(request instanceof Response ? Promise.resolve(request) : Auth(request, state.config!))
      .then((response) => writeWebResponse(res, response))
      .catch((error: unknown) => {
        res.statusCode = 599
        res.end(`test server caught: ${String(error)}`)
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.config = typeof config === 'function' ? config(origin) : config
  return {
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
