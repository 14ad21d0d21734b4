import { connect } from 'node:net'

/** A raw HTTP answer: the status code of its first line (0 when the server closed without answering) and the rest. */
export interface RawAnswer {
  status: number
  text: string
}

/**
 * Sends hand-written request bytes over a fresh TCP connection to 127.0.0.1 and reads until the server closes it,
 * so that request lines and headers a client library would refuse to send can be tried. Add `Connection: close`.
 */
export function rawRequest(port: number, bytes: string, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(bytes.slice(0, 80))}`))
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined) // a reset after the answer is fine; the answer is judged below
    socket.on('close', () => {
      clearTimeout(timer)
      const text = Buffer.concat(chunks).toString('latin1')
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text })
    })
    socket.write(bytes, 'latin1')
  })
}
