import type { ServerResponse } from 'node:http'
import { untouchedParts } from './lazy-response.js'
import { writeBuiltResponse } from './write-built-response.js'
import { writeParts } from './write-internal-result.js'

/**
 * Writes a web `Response` (status, every header, each `Set-Cookie` separately, body) to a `node:http` response.
 * It never rejects: when the body cannot be read, the client gets a 500 if nothing was sent yet and the socket is
 * destroyed otherwise; a client that hung up is simply not written to. A handler's lazy answer that nothing read
 * is written from its parts, head and body in one write: the same bytes as the built `Response` gives.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const parts = untouchedParts(response)
  if (parts !== undefined) {
    writeParts(res, parts)
    return
  }
  await writeBuiltResponse(res, response)
}
