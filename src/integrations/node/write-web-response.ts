import type { ServerResponse } from 'node:http'
import { untouchedParts } from './lazy-response.js'
import { writeParts } from './write-internal-result.js'

/**
 * Writes a web `Response` (status, every header, each `Set-Cookie` separately, body) to a `node:http` response.
 * It never rejects: when the body cannot be read, the client gets a 500 if nothing was sent yet and the socket is
 * destroyed otherwise; a client that hung up is simply not written to.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  // A handler's lazy answer that nobody read: written from its parts, the same bytes as the `Response` would give.
  const parts = untouchedParts(response)
  if (parts !== undefined) {
    writeParts(res, parts)
    return
  }
  try {
    // The body is read before anything is written, so that a body that fails can still become a clean 500.
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
    if (res.destroyed || res.writableEnded) return
    res.statusCode = response.status
    for (const [name, value] of response.headers) {
      if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value)
    }
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
    res.end(body)
  } catch (error) {
    failResponse(res, error)
  }
}

/**
 * Ends a response after a failure: a 500 without any detail when nothing was sent yet, otherwise the socket is
 * destroyed (a half-sent answer must not look complete). Never throws.
 */
export function failResponse(res: ServerResponse, error: unknown): void {
  try {
    if (res.destroyed || res.writableEnded) return
    if (res.headersSent) {
      res.destroy(error instanceof Error ? error : undefined)
      return
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' })
    res.end('Internal server error.\n')
  } catch {
    res.destroy()
  }
}
