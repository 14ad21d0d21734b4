import type { ServerResponse } from 'node:http'

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
