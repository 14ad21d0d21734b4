import type { IncomingMessage } from 'node:http'

/** Bytes buffered ahead of the reader before the socket is paused (back-pressure). */
const HIGH_WATER_MARK = 64 * 1024

/**
 * The body of a `node:http` request as a web `ReadableStream`.
 *
 * Not `Readable.toWeb(req)`: on Node 20 its adapter enqueues a `data` chunk that arrives after the stream was closed
 * or errored (a client whose body outruns its `Content-Length`, then a parse error on the same socket), which throws
 * `ERR_INVALID_STATE` from an event listener and stops the process. Found by the raw-HTTP fuzz suite. Here every
 * event after the end is ignored, and a cancelled body is left for Node to discard.
 */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false
  let detach = () => {}
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const settle = (last: () => void) => {
          if (settled) return
          settled = true
          detach()
          try {
            last()
          } catch {
            // The reader went away in between: nothing is waiting for this end any more.
          }
        }
        const onData = (chunk: Buffer) => {
          if (settled) return
          try {
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          } catch {
            settle(() => {})
            return
          }
          if ((controller.desiredSize ?? 0) <= 0) req.pause()
        }
        const onEnd = () => settle(() => controller.close())
        const onError = (error: Error) => settle(() => controller.error(error))
        // A connection that closes before the body is complete: the reader gets an error, never a short body.
        const onClose = () => {
          if (!req.complete) settle(() => controller.error(new Error('The request body was cut off.')))
        }
        detach = () => {
          req.off('data', onData)
          req.off('end', onEnd)
          req.off('error', onError)
          req.off('close', onClose)
        }
        req.on('data', onData)
        req.on('end', onEnd)
        req.on('error', onError)
        req.on('close', onClose)
      },
      pull() {
        req.resume()
      },
      cancel() {
        settled = true
        detach()
        // Node discards what is left of the body once the response ends, keeping the connection usable.
        req.resume()
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  )
}
