import type { ServerResponse } from 'node:http'
import { failResponse } from './fail-response.js'

/**
 * Writes a built web `Response` (status, every header, each `Set-Cookie` separately, body) to a `node:http`
 * response, reading its body first; never rejects (`writeWebResponse` also takes lazy answers).
 */
export async function writeBuiltResponse(res: ServerResponse, response: Response): Promise<void> {
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
