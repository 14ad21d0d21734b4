import { describe, expect, it } from 'vitest'
import {
  assertOutboundUrl,
  createOutboundFetch,
  InsecureEndpointError,
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
})
