import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { lazyRequest, lazyRequestsWork } from '../../src/integrations/node/lazy-request.js'
import { untouchedParts } from '../../src/integrations/node/lazy-response.js'
import { toNodeHandler } from '../../src/integrations/node/index.js'
import { clientAddressOf } from '../../src/rate-limit/client-address.js'
import { baseConfig } from '../http/http-helpers.js'

/** A body stream of `text`, as `requestBodyStream` would give for a Node request carrying it. */
const bodyOf = (text: string) => () => new Response(text).body!

const form = 'email=ada%40example.com&password=p+w'
const post = () =>
  lazyRequest(
    'http://127.0.0.1:3000/auth/callback/credentials',
    'POST',
    { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded', 'x-list': ['a', 'b'] },
    bodyOf(form),
    '192.0.2.7',
  )

describe('a lazy request is a Request to any code, not only the core', () => {
  it('is taken by this runtime', () => {
    expect(lazyRequestsWork).toBe(true)
  })

  it('gives its body to text(), formData() and a clone', async () => {
    expect(await post().text()).toBe(form)
    const data = await post().formData()
    expect(data.get('email')).toBe('ada@example.com')
    expect(data.get('password')).toBe('p w')
    const request = post()
    const copy = request.clone()
    expect(await copy.text()).toBe(form)
    expect(await request.text()).toBe(form)
    expect(request.bodyUsed).toBe(true)
  })

  it('iterates its headers as a built one', () => {
    expect([...post().headers]).toEqual([
      ['content-type', 'application/x-www-form-urlencoded'],
      ['host', '127.0.0.1:3000'],
      ['x-list', 'a, b'],
    ])
    expect(Object.fromEntries(new Headers(post().headers))).toMatchObject({ 'x-list': 'a, b' })
  })

  it('goes into new Request(lazy) and new Request(url, { headers: lazy.headers }), body and all', async () => {
    const copy = new Request(post())
    expect(copy.method).toBe('POST')
    expect(copy.headers.get('x-list')).toBe('a, b')
    expect(await copy.text()).toBe(form)
    const other = new Request('http://x.example/', { headers: post().headers })
    expect(other.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
  })

  it('goes into fetch(lazy), body and all', async () => {
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => res.end(`${req.method} ${req.url} ${String(req.headers['x-list'])} ${body}`))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const request = lazyRequest(
        `http://127.0.0.1:${port}/echo`,
        'POST',
        { 'x-list': ['a', 'b'], 'content-type': 'text/plain' },
        bodyOf('hello'),
      )
      expect(await (await fetch(request)).text()).toBe('POST /echo a, b hello')
    } finally {
      server.close()
    }
  })

  it('carries the connection address for per-client limits', () => {
    expect(clientAddressOf({ request: post() })).toBe('192.0.2.7')
  })
})

describe('createAuth handlers given a lazy request', () => {
  const { handlers } = createAuth(baseConfig({}))
  const get = (path: string) => lazyRequest(`http://127.0.0.1:3000${path}`, 'GET', { host: '127.0.0.1:3000' })

  it('answer with a lazy Response that writeWebResponse writes from its parts', async () => {
    const response = await handlers.GET(get('/auth/session'))
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(200)
    expect(response.ok).toBe(true)
    expect(untouchedParts(response)?.body).toBe('null')
  })

  it('build the Response on any other read, and then it is the Response toResponse gives', async () => {
    const response = await handlers.GET(get('/auth/csrf'))
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(untouchedParts(response)).toBeUndefined()
    const body = (await response.json()) as { csrfToken: string }
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(response.bodyUsed).toBe(true)
    const clone = (await handlers.GET(get('/auth/providers'))).clone()
    expect(await clone.json()).toHaveProperty('credentials')
    // A changed header is what gets written: writeWebResponse sees a built Response from then on.
    const changed = await handlers.GET(get('/auth/session'))
    changed.headers.set('x-app', '1')
    expect(untouchedParts(changed)).toBeUndefined()
    expect(new Response(changed.body, changed).headers.get('x-app')).toBe('1')
  })
})

describe('toNodeHandler around any function', () => {
  let server: Server
  let port = 0
  const seen: string[] = []
  beforeAll(async () => {
    const { handlers } = createAuth(baseConfig({}))
    server = createServer(
      toNodeHandler(async (request) => {
        seen.push(untouchedParts(await handlers.GET(request)) ? 'lazy' : 'built')
        const response = await handlers.GET(request)
        if (new URL(request.url).pathname === '/auth/changed') response.headers.set('x-app', 'changed')
        return response
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => server.close())

  it('hands it the lazy request, whose answer goes out as is or as changed', async () => {
    const plain = await fetch(`http://127.0.0.1:${port}/auth/session`)
    expect(await plain.text()).toBe('null')
    expect(plain.headers.get('x-app')).toBeNull()
    const changed = await fetch(`http://127.0.0.1:${port}/auth/changed`)
    expect(changed.status).toBe(400)
    expect(changed.headers.get('x-app')).toBe('changed')
    expect(seen).toEqual(['lazy', 'lazy'])
  })
})
