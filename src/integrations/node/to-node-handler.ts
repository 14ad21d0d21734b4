import type { IncomingMessage, ServerResponse } from 'node:http'
import { toWebRequest, type ToWebRequestOptions } from './to-web-request.js'
import { failResponse, writeWebResponse } from './write-web-response.js'

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions extends ToWebRequestOptions {
  /** Called with whatever the handler threw or rejected with; default `console.error`. Must not throw. */
  onError?: (error: unknown) => void
}

/** A handler of web requests: Gatehouse's `handlers.GET` / `POST`, `Auth` with a configuration, or your own. */
export type WebHandler = (request: Request) => Response | Promise<Response>

/**
 * Turns a web handler into a `node:http` request listener that cannot take the server down: the request is
 * converted with {@link toWebRequest} (a broken target or host is answered 400), the handler is called, and its
 * response is written with {@link writeWebResponse}. A handler that throws or rejects is logged through `onError`
 * and answered with a 500 without a stack trace (or the socket is destroyed if the answer had started), so no
 * rejection ever escapes to the process.
 *
 * @example
 * ```ts
 * createServer(toNodeHandler((request) => (request.method === 'POST' ? handlers.POST : handlers.GET)(request)))
 * ```
 */
export function toNodeHandler(
  handler: WebHandler,
  options: NodeHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const onError =
    options.onError ?? ((error: unknown) => console.error('gatehouse/node: a request failed', error))
  const report = (error: unknown) => {
    try {
      onError(error)
    } catch {
      // A logger that throws must not turn a handled failure into an unhandled one.
    }
  }
  return (req, res) => {
    const request = toWebRequest(req, options)
    if (request instanceof Response) {
      void writeWebResponse(res, request)
      return
    }
    // Promise.resolve().then(...) also catches a handler that throws synchronously.
    Promise.resolve()
      .then(() => handler(request))
      .then(
        (response) => {
          if (!(response instanceof Response)) throw new TypeError('The handler did not return a Response.')
          return writeWebResponse(res, response)
        },
        (error: unknown) => {
          report(error)
          failResponse(res, error)
        },
      )
      .catch((error: unknown) => {
        report(error)
        failResponse(res, error)
      })
  }
}
