import { toResponse } from '../answer/index.js'
import type { GatehouseInstance } from '../create-auth.js'
import { internalHandler } from '../symbols.js'
import type { ResponseInternal } from '../types.js'

type InternalHandler = (request: Request, clientAddress?: string) => Promise<ResponseInternal>

/**
 * Answers a request to the endpoints through an instance's route handler, passing the client's address as the
 * framework saw it (for per-client limits) as data beside the request.
 */
export async function answerRequest(
  instance: GatehouseInstance,
  request: Request,
  clientAddress: string | undefined,
): Promise<Response> {
  const internal = (instance.handlers.GET as { [internalHandler]?: InternalHandler })[internalHandler]
  // Always a built `Response` for the framework (never the lazy answer `gatehouse-auth/node`'s requests get).
  if (internal === undefined) return instance.handlers.GET(request)
  return toResponse(await internal(request, clientAddress))
}
