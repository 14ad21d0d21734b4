import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http.js'

const fixture = fileURLToPath(new URL('./readme-server.ts', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server: Server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Bad request lines and hosts that used to make `toWebRequest` throw, each a 400 now. */
export const malformed: ReadonlyArray<[string, (port: number) => string]> = [
  ['asterisk-form target', (p) => `GET * HTTP/1.1\r\nHost: localhost:${p}\r\n`],
  ['OPTIONS *', (p) => `OPTIONS * HTTP/1.1\r\nHost: localhost:${p}\r\n`],
  ['a Host with a space', (p) => `GET /auth/session HTTP/1.1\r\nHost: local host:${p}\r\n`],
  ['a port out of range', () => `GET /auth/session HTTP/1.1\r\nHost: localhost:99999\r\n`],
  ['user info in Host', (p) => `GET /auth/session HTTP/1.1\r\nHost: x@localhost:${p}\r\n`],
  ['an empty Host', () => `GET /auth/session HTTP/1.1\r\nHost: \r\n`],
  ['a garbage Host', () => `GET /auth/session HTTP/1.1\r\nHost: %%%/\\\r\n`],
  ['an unclosed IPv6 literal', () => `GET /auth/session HTTP/1.1\r\nHost: [::1\r\n`],
  ['two hosts in one', (p) => `GET /auth/session HTTP/1.1\r\nHost: localhost:${p},evil.example\r\n`],
  ['user info in an absolute-form target', (p) => `GET http://x@localhost:${p}/auth/session HTTP/1.1\r\n`],
  ['a broken absolute-form target', () => `GET http://local host/auth/session HTTP/1.1\r\n`],
  ['a non-http absolute-form target', () => `GET ftp://localhost/auth/session HTTP/1.1\r\nHost: a\r\n`],
  ['a method fetch forbids (TRACE)', (p) => `TRACE /auth/session HTTP/1.1\r\nHost: localhost:${p}\r\n`],
]

describe('the README quick-start server, in a child process, over raw TCP', () => {
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

  it('is the server the README shows', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
    const shown = /\ncreateServer\(\n {2}toNodeHandler[\s\S]*?\n\)\.listen\(/.exec(readme)?.[0]
    expect(shown).toBeDefined()
    expect(readFileSync(fixture, 'utf8')).toContain(shown)
  })

  for (const [name, request] of malformed) {
    it(`answers ${name} with 400 and keeps serving`, async () => {
      const answer = await rawRequest(port, `${request(port)}Connection: close\r\n\r\n`)
      expect(answer.status, answer.text).toBe(400)
      expect(answer.text).not.toMatch(/at .*\.ts:\d+|TypeError/)
      const next = await rawRequest(
        port,
        `GET /auth/session HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
      )
      expect(next.status, `after ${name}: ${output}`).toBe(200)
      expect(child.exitCode).toBeNull()
    })
  }

  it('serves an absolute-form target, taking its authority over the Host header (RFC 9112 §3.2.2)', async () => {
    const answer = await rawRequest(
      port,
      `GET http://localhost:${port}/auth/providers HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n`,
    )
    expect(answer.status, answer.text).toBe(200)
    // The callback URLs are built from the request's origin: the target's, not the Host header's.
    expect(answer.text).toContain(`http://localhost:${port}/auth/callback/credentials`)
    expect(answer.text).not.toContain('other.example')
  })

  it('answers a pipelined bad request and the good one after it on the same connection', async () => {
    const answer = await rawRequest(
      port,
      `GET * HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n` +
        `GET /auth/session HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(answer.status).toBe(400)
    expect(answer.text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nnull$/)
  })

  it('survives a body that outruns its Content-Length on a route that never reads it (found by the fuzz suite)', async () => {
    // POST /providers is answered 400 without reading the body; the three bytes past Content-Length then fail to
    // parse as the next request. Node 20's Readable.toWeb adapter threw ERR_INVALID_STATE from a listener here.
    for (let i = 0; i < 3; i++) {
      await rawRequest(
        port,
        `POST /auth/providers HTTP/1.1\r\nHost: localhost:${port}\r\n` +
          `Content-Type: multipart/form-data; boundary=fzb\r\nContent-Length: 8\r\n\r\ncsrfToken=x`,
        1000,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    const next = await rawRequest(
      port,
      `GET /auth/session HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(next.status, output).toBe(200)
    expect(child.exitCode).toBeNull()
  })

  it('is still running after all of it', () => {
    expect(child.exitCode).toBeNull()
    expect(output).not.toMatch(/unhandled|TypeError/i)
  })
})
