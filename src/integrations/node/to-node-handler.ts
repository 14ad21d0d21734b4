import type { IncomingMessage, ServerResponse } from 'node:http'
import { nodeToRequest, type ToWebRequestOptions } from './to-web-request.js'
import { answerNode, type WebHandler } from './answer-node.js'

export type { WebHandler }

/** Options of {@link toNodeHandler}. */
export interface NodeHandlerOptions extends ToWebRequestOptions {
  /** Called with whatever the handler threw or rejected with; default `console.error`. Must not throw. */
  onError?: (error: unknown) => void
}

/**
 * Turns a web handler into a `node:http` request listener that cannot take the server down: the request is
 * converted with {@link toWebRequest} (a bodiless request to a `createAuth` handler as a lazy `Request`
 * the core reads without building it; a broken target or host is answered 400), the handler is called, and its
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
    options.onError ?? ((error: unknown) => console.error('gatehouse-auth/node: a request failed', error))
  const report = (error: unknown) => {
    try {
      onError(error)
    } catch {
      // A logger that throws must not turn a handled failure into an unhandled one.
    }
  }
  return (req, res) =>
    answerNode(res, () => nodeToRequest(req, options), handler, report, req.socket?.remoteAddress)
}
