import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../../src/create-auth.js'
import { toWebRequest } from '../../src/integrations/node/index.js'
import { rawRequest } from '../support/raw-http.js'
import { baseConfig } from '../http/http-helpers.js'
import type { IncomingMessage } from 'node:http'

const fixture = fileURLToPath(new URL('./authjs-style-server.ts', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server: Server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('handlers given the ready 400 of toWebRequest', () => {
  it('answer with that very Response, for GET and POST', async () => {
    const { handlers } = createAuth(baseConfig())
    // What toWebRequest gives for `Host: a b`, made from the same parts a node:http request has.
    const req = {
      url: '/auth/session',
      method: 'GET',
      headers: { host: 'a b' },
      socket: {},
    } as IncomingMessage
    const answer = toWebRequest(req)
    expect(answer).toBeInstanceOf(Response)
    expect(await handlers.GET(answer)).toBe(answer)
    expect(await handlers.POST(answer)).toBe(answer)
    expect((answer as Response).status).toBe(400)
  })
})

describe('an app written the Auth.js way, handlers.GET(toWebRequest(req)), in a child process over raw TCP', () => {
  let child: ChildProcess
  let port = 0
  let output = ''

  beforeAll(async () => {
    port = await freePort()
    child = spawn(process.execPath, ['--import', 'tsx', fixture, String(port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test' },
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('listening')) resolve()
      })
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.once('exit', (code) =>
        reject(new Error(`the server exited (${code}) before listening: ${output}`)),
      )
    })
  })
  afterAll(() => {
    child.kill()
  })

  const broken: [string, string][] = [
    ['Host: a b', 'GET /auth/session HTTP/1.1\r\nHost: a b\r\n'],
    ['Host: a b on a POST', 'POST /auth/signout HTTP/1.1\r\nHost: a b\r\nContent-Length: 0\r\n'],
    ['an asterisk-form target', 'GET * HTTP/1.1\r\nHost: localhost\r\n'],
    ['a method fetch forbids', 'TRACE /auth/session HTTP/1.1\r\nHost: localhost\r\n'],
  ]
  for (const [name, request] of broken) {
    it(`answers ${name} with the 400 and keeps serving`, async () => {
      const answer = await rawRequest(port, `${request}Connection: close\r\n\r\n`)
      expect(answer.status, `${answer.text}\n${output}`).toBe(400)
      expect(answer.text).toContain('Bad request')
      const next = await rawRequest(
        port,
        `GET /auth/session HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
      )
      expect(next.status, output).toBe(200)
      expect(next.text).toContain('\r\nnull\r\n')
      expect(child.exitCode).toBeNull()
    })
  }

  it('is still running after all of it, with nothing unhandled', () => {
    expect(child.exitCode).toBeNull()
    expect(output).not.toMatch(/unhandled|TypeError|Error/i)
  })
})
