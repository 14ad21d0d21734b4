import type { ServerResponse } from 'node:http'
import { internalHandler } from '../../symbols.js'
import type { ResponseInternal } from '../../types.js'
import { writeInternalResult } from './write-internal-result.js'
import { failResponse } from './fail-response.js'
import { writeWebResponse } from './write-web-response.js'

/** A handler of web requests: Gatehouse's `handlers.GET` / `POST`, `Auth` with a configuration, or your own. */
export type WebHandler = (request: Request) => Response | Promise<Response>

type InternalHandler = (request: Request, clientAddress?: string) => Promise<ResponseInternal>

/** The internal-result twin of a `createAuth` route handler, if `handler` is one. */
function internalOf(handler: WebHandler): InternalHandler | undefined {
  const internal = (handler as { [internalHandler]?: unknown })[internalHandler]
  return typeof internal === 'function' ? (internal as InternalHandler) : undefined
}

/**
 * Answers one request (built by `requestOf`, a lazy `Request` where the runtime allows) with a handler and writes the
 * answer; never rejects and never throws. A `createAuth` route
 * handler's internal result is written straight to the socket (the same bytes as its `Response`), and it gets the
 * client's address as data; any other handler's `Response` is written as it is. A failure is reported and answered
 * 500 (or the socket destroyed).
 */
export function answerNode(
  res: ServerResponse,
  requestOf: () => Request | Response,
  handler: WebHandler,
  report: (error: unknown) => void,
  clientAddress?: string,
): void {
  const fail = (error: unknown) => {
    report(error)
    failResponse(res, error)
  }
  const internal = internalOf(handler)
  const request = requestOf()
  if (request instanceof Response) {
    void writeWebResponse(res, request)
    return
  }
  if (internal) {
    // Called now rather than in a later tick (a microtask less per request); a synchronous throw is caught here.
    let pending: Promise<ResponseInternal>
    try {
      pending = internal(request, clientAddress)
    } catch (error) {
      fail(error)
      return
    }
    // writeInternalResult never throws, so one `then` with both handlers does (one promise less per request).
    pending.then((result) => writeInternalResult(res, result), fail)
    return
  }
  // Promise.resolve().then(...) also catches a handler that throws synchronously.
  Promise.resolve()
    .then(() => handler(request))
    .then((response) => {
      if (!(response instanceof Response)) throw new TypeError('The handler did not return a Response.')
      return writeWebResponse(res, response)
    })
    .catch(fail)
}
