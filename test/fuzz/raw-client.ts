/**
 * A raw HTTP/1.1 client over TCP for the fuzzer: it sends bytes exactly as generated (so malformed request lines
 * and headers reach the server) and reads every response until the server closes the connection.
 */
import { connect } from 'node:net'
import type { FuzzResponse } from './fuzz-material.js'
import { header, toRawBytes, type FuzzRequest } from './fuzz-request.js'

/** What came back: the first response parsed, every status line seen, or nothing (closed or timed out). */
export interface RawAnswer {
  readonly first: FuzzResponse | undefined
  readonly statuses: readonly number[]
  readonly timedOut: boolean
}

function parseHead(head: string): { status: number; headers: [string, string][] } | undefined {
  const [statusLine = '', ...lines] = head.split('\r\n')
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)
  if (!match) return undefined
  const headers = lines.map((line): [string, string] => {
    const i = line.indexOf(':')
    return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()]
  })
  return { status: Number(match[1]), headers }
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const end = raw.indexOf('\r\n', at)
    if (end === -1) break
    const size = parseInt(raw.subarray(at, end).toString('latin1'), 16)
    if (!Number.isFinite(size) || size === 0) break
    parts.push(raw.subarray(end + 2, end + 2 + size))
    at = end + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/** Parses the first response of a byte stream; later ones (pipelined garbage) only contribute their status. */
export function parseResponses(bytes: Buffer): { first: FuzzResponse | undefined; statuses: number[] } {
  const statuses = [...bytes.toString('latin1').matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3}) /g)].map((m) =>
    Number(m[1]),
  )
  const headEnd = bytes.indexOf('\r\n\r\n')
  if (headEnd === -1) return { first: undefined, statuses }
  const head = parseHead(bytes.subarray(0, headEnd).toString('latin1'))
  if (!head) return { first: undefined, statuses }
  const rest = bytes.subarray(headEnd + 4)
  const length = head.headers.find(([n]) => n === 'content-length')?.[1]
  const chunked = head.headers.some(([n, v]) => n === 'transfer-encoding' && /chunked/i.test(v))
  const body = chunked ? dechunk(rest) : length !== undefined ? rest.subarray(0, Number(length)) : rest
  return { first: { status: head.status, headers: head.headers, body: body.toString('utf8') }, statuses }
}

/** Whether the request states a Content-Length longer than the bytes that follow its head. */
export function announcesMore(req: FuzzRequest): boolean {
  const declared = Number(header(req, 'content-length') ?? NaN)
  return (
    Number.isFinite(declared) &&
    declared > Buffer.byteLength(req.body ?? '') + Buffer.byteLength(req.trailer ?? '')
  )
}

/**
 * Sends one request with `Connection: close` and collects the answer until the server closes the
 * connection; one still open after `timeoutMs` is dropped (`timedOut`).
 */
export function sendRaw(port: number, req: FuzzRequest, timeoutMs = 3000): Promise<RawAnswer> {
  const withClose: FuzzRequest = { ...req, headers: [...req.headers, ['Connection', 'close']] }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let timedOut = false
    const socket = connect(port, '127.0.0.1')
    const finish = () => {
      clearTimeout(drop)
      const parsed = parseResponses(Buffer.concat(chunks))
      resolve({ ...parsed, timedOut })
    }
    const drop = setTimeout(() => {
      timedOut = true
      socket.destroy()
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', finish)
    // A request that announced more body than it sent is half-closed at once, so it ends there instead of waiting
    // for bytes that never come; any other stays open until answered (node:http drops the answer of a half-closed
    // connection whose handler is still running).
    if (announcesMore(req)) socket.end(toRawBytes(withClose))
    else socket.write(toRawBytes(withClose))
  })
}
