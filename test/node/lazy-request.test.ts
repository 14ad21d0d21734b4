import type { IncomingHttpHeaders } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { lazyRequest } from '../../src/integrations/node/lazy-request.js'
import { internalHandler } from '../../src/symbols.js'
import type { ResponseInternal } from '../../src/types.js'
import { encode } from '../../src/jwt/index.js'
import { baseConfig, SECRET } from '../http/http-helpers.js'

/** The `Request` `toWebRequest` builds from the same Node headers: what a lazy request must read as. */
function realRequest(url: string, method: string, source: IncomingHttpHeaders): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  return new Request(url, { method, headers })
}

const source: IncomingHttpHeaders = {
  host: '127.0.0.1:3000',
  cookie: 'a=1; b=2',
  'x-padded': ' \tvalue with inner  spaces\t ',
  'set-cookie': ['p=1', ' q=2 '],
  accept: 'text/html, application/json',
  // Whitespace at one end, at both, only whitespace, nothing: trimmed exactly as `Headers` trims.
  'x-lead': '\tlead',
  'x-trail': 'trail\r',
  'x-both': '\n both ',
  'x-blank': ' \t ',
  'x-space': ' ',
  'x-empty': '',
  'x-list': ['one ', ' two'],
}
const url = 'http://127.0.0.1:3000/auth/session?x=1'

afterEach(() => vi.unstubAllGlobals())

describe('lazyRequest', () => {
  it('reads url, method and every header as the built Request does', () => {
    const lazy = lazyRequest(url, 'GET', source)
    const real = realRequest(url, 'GET', source)
    expect(lazy).toBeInstanceOf(Request)
    expect(lazy.headers).toBeInstanceOf(Headers)
    expect(lazy.url).toBe(real.url)
    expect(lazy.method).toBe(real.method)
    for (const name of [
      'Cookie',
      'x-padded',
      'SET-COOKIE',
      'accept',
      'Host',
      'missing',
      'X-Auth-Return-Redirect',
      'x-lead',
      'x-trail',
      'x-both',
      'x-blank',
      'x-space',
      'x-empty',
      'x-list',
    ]) {
      expect(lazy.headers.get(name)).toBe(real.headers.get(name))
      expect(lazy.headers.has(name)).toBe(real.headers.has(name))
    }
  })

  it('behaves as a real Request for everything else', async () => {
    const lazy = lazyRequest(url, 'HEAD', source)
    const real = realRequest(url, 'HEAD', source)
    expect([...lazy.headers]).toEqual([...real.headers])
    expect(lazy.headers.getSetCookie()).toEqual(real.headers.getSetCookie())
    expect(lazy.signal).toBeInstanceOf(AbortSignal)
    expect(lazy.body).toBeNull()
    expect(lazy.cache).toBe(real.cache)
    expect(lazy.clone().url).toBe(url)
    expect(await lazy.text()).toBe('')
    // A change made through the headers is seen by later reads, as on real headers.
    lazy.headers.set('x-new', 'v')
    expect(lazy.headers.get('x-new')).toBe('v')
  })

  it('answers the session check without building a Request', async () => {
    const { handlers } = createAuth(baseConfig({}))
    const internal = (handlers.GET as unknown as Record<symbol, (r: Request) => Promise<ResponseInternal>>)[
      internalHandler
    ]!
    const token = await encode({
      token: { name: 'Alice', sub: 'u1' },
      secret: SECRET,
      salt: 'authjs.session-token',
    })
    const built = vi.fn()
    const RealRequest = Request
    vi.stubGlobal(
      'Request',
      class extends RealRequest {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args)
          built()
        }
      },
    )
    const result = await internal(
      lazyRequest('http://127.0.0.1:3000/auth/session', 'GET', {
        host: '127.0.0.1:3000',
        cookie: `authjs.session-token=${token}`,
      }),
    )
    expect(result.status ?? 200).toBe(200)
    expect((result.body as { user?: { name?: string } }).user?.name).toBe('Alice')
    expect(built).not.toHaveBeenCalled()
    // The stub does count: anything beyond the fast reads builds one.
    void lazyRequest(url, 'GET', source).signal
    expect(built).toHaveBeenCalledTimes(1)
  })
})
