import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { toNodeHandler, toWebRequest, writeWebResponse } from '../../src/integrations/node/index.js'
import { rawRequest } from '../support/raw-http.js'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

async function listen(listener: Listener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

// Any rejection that escapes a listener lands here (Node would exit on it outside Vitest).
const escaped: unknown[] = []
const onUnhandled = (reason: unknown) => escaped.push(reason)
beforeAll(() => void process.on('unhandledRejection', onUnhandled))
afterAll(() => void process.off('unhandledRejection', onUnhandled))
afterEach(() => expect(escaped).toEqual([]))

const get = (port: number, path: string, extra = '') =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\n${extra}Connection: close\r\n\r\n`)

describe('toNodeHandler', () => {
  it('answers 500 without a stack when the handler throws or rejects, logs it, and keeps serving', async () => {
    const logged: unknown[] = []
    const { server, port } = await listen(
      toNodeHandler(
        (request) => {
          const path = new URL(request.url).pathname
          if (path === '/throw') throw new TypeError('sync boom at secret.ts:1')
          if (path === '/reject') return Promise.reject(new Error('async boom at secret.ts:2'))
          return new Response('fine')
        },
        { onError: (error) => logged.push(error) },
      ),
    )
    try {
      for (const path of ['/throw', '/reject']) {
        const answer = await get(port, path)
        expect(answer.status).toBe(500)
        expect(answer.text).not.toMatch(/boom|secret\.ts/)
      }
      expect(logged.map((e) => (e as Error).message)).toEqual([
        'sync boom at secret.ts:1',
        'async boom at secret.ts:2',
      ])
      expect((await get(port, '/ok')).text).toMatch(/\r\n\r\nfine$/)
    } finally {
      server.close()
    }
  })

  it('answers 500 and logs it when the handler returns something that is not a Response', async () => {
    const logged: unknown[] = []
    const { server, port } = await listen(
      toNodeHandler(() => ({ status: 200 }) as unknown as Response, { onError: (e) => logged.push(e) }),
    )
    try {
      expect((await get(port, '/')).status).toBe(500)
      expect(String(logged[0])).toMatch(/did not return a Response/)
    } finally {
      server.close()
    }
  })

  it('survives an onError that throws itself', async () => {
    const { server, port } = await listen(
      toNodeHandler(
        () => {
          throw new Error('boom')
        },
        {
          onError: () => {
            throw new Error('logger down')
          },
        },
      ),
    )
    try {
      expect((await get(port, '/')).status).toBe(500)
    } finally {
      server.close()
    }
  })

  it('with trustProxy, answers user info, a space or a bad port in X-Forwarded-Host with 400', async () => {
    const { server, port } = await listen(
      toNodeHandler((request) => new Response(new URL(request.url).origin), { trustProxy: true }),
    )
    try {
      for (const forwarded of ['x@localhost:3000', 'a b', 'localhost:70000', '@', 'localhost:3000/evil']) {
        const answer = await get(port, '/', `X-Forwarded-Host: ${forwarded}\r\n`)
        expect(answer.status, forwarded).toBe(400)
      }
      const good = await get(
        port,
        '/',
        'X-Forwarded-Host: app.example, proxy.internal\r\nX-Forwarded-Proto: https\r\n',
      )
      expect(good.text).toMatch(/\r\n\r\nhttps:\/\/app\.example$/)
    } finally {
      server.close()
    }
  })

  it('keeps a path that looks like another host on this host', async () => {
    const { server, port } = await listen(toNodeHandler((request) => new Response(request.url)))
    try {
      const answer = await get(port, '//evil.example/x?y=1')
      expect(answer.text).toMatch(new RegExp(`\\r\\n\\r\\nhttp://localhost:${port}//evil\\.example/x\\?y=1$`))
    } finally {
      server.close()
    }
  })
})

describe('toWebRequest', () => {
  it('returns a 400 Response instead of throwing', async () => {
    let result: Request | Response | undefined
    const { server, port } = await listen((req, res) => {
      result = toWebRequest(req)
      res.end()
    })
    try {
      await rawRequest(port, `GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
      expect(result).toBeInstanceOf(Response)
      expect((result as Response).status).toBe(400)
    } finally {
      server.close()
    }
  })
})

describe('toWebRequest: the Host check (cached per value)', () => {
  it('gives the same answer for a repeated host, bad or good, also after the cache was cleared', async () => {
    const seen: (string | number)[] = []
    const { server, port } = await listen((req, res) => {
      const result = toWebRequest(req)
      seen.push(result instanceof Response ? result.status : new URL(result.url).host)
      res.end()
    })
    const get = (host: string) =>
      rawRequest(port, `GET /x HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    try {
      await get('bad_host!')
      await get('bad_host!')
      await get('Example.TEST:8080')
      // More distinct hosts than the cache keeps: it is cleared, and the answers stay the same.
      for (let i = 0; i < 70; i++) await get(`h${i}.test`)
      await get('bad_host!')
      await get('Example.TEST:8080')
      expect(seen.slice(0, 3)).toEqual([400, 400, 'example.test:8080'])
      expect(seen.slice(-2)).toEqual([400, 'example.test:8080'])
      expect(seen[3 + 69]).toBe('h69.test')
    } finally {
      server.close()
    }
  })
})

describe('writeWebResponse', () => {
  it('never rejects: a body that fails before anything was sent becomes a 500', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('body broke'))
      },
    })
    const outcomes: string[] = []
    const { server, port } = await listen((_req, res) => {
      writeWebResponse(res, new Response(failing, { status: 200, headers: { 'X-Leak': 'no' } })).then(
        () => outcomes.push('resolved'),
        () => outcomes.push('rejected'),
      )
    })
    try {
      const answer = await get(port, '/')
      expect(answer.status).toBe(500)
      expect(answer.text).not.toMatch(/X-Leak|body broke/)
      expect(outcomes).toEqual(['resolved'])
    } finally {
      server.close()
    }
  })

  it('never rejects when the client has hung up', async () => {
    let settle: (outcome: string) => void = () => undefined
    const outcome = new Promise<string>((resolve) => (settle = resolve))
    const { server, port } = await listen((req, res) => {
      req.socket.destroy()
      setTimeout(() => {
        writeWebResponse(res, new Response('late')).then(
          () => settle('resolved'),
          () => settle('rejected'),
        )
      }, 20)
    })
    try {
      await get(port, '/')
      expect(await outcome).toBe('resolved')
    } finally {
      server.close()
    }
  })
})
