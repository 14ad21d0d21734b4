import type { ServerResponse } from 'node:http'

/** Writes a web `Response` (status, every header, each `Set-Cookie` separately, body) to a `node:http` response. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  const body = Buffer.from(await response.arrayBuffer())
  res.end(body)
}
