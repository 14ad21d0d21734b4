import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  assertOutboundUrl,
  createOutboundFetch,
  InsecureEndpointError,
  MAX_RESPONSE_BYTES,
  ResponseTooLargeError,
  transportFailure,
} from './outbound-fetch.js'

describe('outbound fetch', () => {
  it('allows https anywhere and http only on loopback hosts', () => {
    expect(() => assertOutboundUrl(new URL('https://idp.example/token'), false)).not.toThrow()
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(() => assertOutboundUrl(new URL(`http://${host}:9000/token`), false)).not.toThrow()
    }
    expect(() => assertOutboundUrl(new URL('http://idp.example/token'), false)).toThrow(InsecureEndpointError)
    expect(() => assertOutboundUrl(new URL('http://127.0.0.1.nip.io/token'), false)).toThrow(
      InsecureEndpointError,
    )
    expect(() => assertOutboundUrl(new URL('http://idp.example/token'), true)).not.toThrow()
    expect(() => assertOutboundUrl(new URL('file:///etc/passwd'), true)).toThrow(InsecureEndpointError)
  })

  it('never follows redirects and aborts after the timeout', async () => {
    const seen: RequestInit[] = []
    const hang = (_input: string | URL | Request, init?: RequestInit) => {
      seen.push(init ?? {})
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))
      })
    }
    const outbound = createOutboundFetch({ fetch: hang, timeoutMs: 50, allowInsecure: false })
    const started = Date.now()
    const error = await outbound('https://idp.example/token').catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(transportFailure(error)).toBe('provider_timeout')
    expect(seen[0]?.redirect).toBe('manual')
  })

  it('caps the size of a response, announced or streamed', async () => {
    const serve = (response: () => Response) =>
      createOutboundFetch({ fetch: () => Promise.resolve(response()), timeoutMs: 1000, allowInsecure: false })
    const announced = serve(
      () => new Response('{}', { headers: { 'content-length': String(MAX_RESPONSE_BYTES + 1) } }),
    )
    await expect(announced('https://idp.example/jwks')).rejects.toThrow(ResponseTooLargeError)
    // No Content-Length: the body is cut off while it streams, and JSON parsing fails with the cap as its cause.
    const streamed = serve(() => {
      let sent = 0
      const chunk = new Uint8Array(64 * 1024).fill(0x20)
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent > 4 * MAX_RESPONSE_BYTES) return controller.close()
            sent += chunk.byteLength
            controller.enqueue(chunk)
          },
        }),
      )
    })
    const error = await (await streamed('https://idp.example/userinfo')).text().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseTooLargeError)
    expect(transportFailure(new Error('parse', { cause: error }))).toBe('provider_response_too_large')
    const small = serve(() => Response.json({ keys: [] }))
    expect(await (await small('https://idp.example/jwks')).json()).toEqual({ keys: [] })
    const empty = serve(() => new Response(null, { status: 204 }))
    expect((await empty('https://idp.example/revoke')).status).toBe(204)
  })

  it('aborts a response whose body stalls after the headers (the timeout covers the whole read)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"keys": [') // and never more
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const outbound = createOutboundFetch({ fetch: globalThis.fetch, timeoutMs: 200, allowInsecure: false })
      const started = Date.now()
      const res = await outbound(`http://127.0.0.1:${port}/jwks`)
      const error = await res.text().catch((e: unknown) => e)
      expect(Date.now() - started).toBeLessThan(2000)
      expect(transportFailure(error)).toBe('provider_timeout')
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
