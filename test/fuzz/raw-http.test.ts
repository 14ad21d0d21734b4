/**
 * Fuzzing over raw HTTP: the README's quick-start server (`gatehouse-auth/node`, `createAuth`, no error handling of
 * its own) in a child process, fed raw TCP bytes (malformed request lines, `*` and absolute-form targets,
 * unusable Hosts, header bytes `Headers` refuses, content-length lies). The server must stay up, every answer
 * must keep the invariants, and its heap after GC must stay bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Auth } from '../../src/auth.js'
import { ChildServer } from './child-server.js'
import {
  buildConfig,
  fuzzConfigNames,
  OTHER_SECRET,
  providerIdsOf,
  type FuzzConfigName,
} from './fuzz-configs.js'
import { gatherMaterial, type Send } from './fuzz-material.js'
import { toInProcessRequest, type FuzzRequest } from './fuzz-request.js'
import { violations } from './invariants.js'
import { announcesMore, sendRaw } from './raw-client.js'
import { rawRequestArbitrary } from './request-arbitrary.js'
import { fuzzRuns, InvariantBroken, runFuzz } from './run-fuzz.js'

/** Raw requests per configuration (three configurations). */
const RUNS = fuzzRuns(300)
/** Heap growth of the server allowed over the run, after GC. */
const HEAP_BOUND = 24 * 1024 * 1024
/** The database configuration runs with `AUTH_URL`: its answers may only ever point at this origin. */
const AUTH_URL_ORIGIN = 'http://localhost:3000'

/** A client that stops sending before the body it announced gets no answer; nothing else may go unanswered. */
function mayGoUnanswered(req: FuzzRequest): boolean {
  return announcesMore(req) || req.method.toUpperCase() === 'CONNECT'
}

let dir: string
let closedPort: number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-fuzz-raw-'))
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(fuzzConfigNames)('fuzzing the README server over raw HTTP: %s', (name: FuzzConfigName) => {
  let server: ChildServer
  const fixedOrigin = name === 'database-sqlite' ? AUTH_URL_ORIGIN : undefined

  beforeAll(async () => {
    server = new ChildServer(name, {
      closedPort,
      sqlitePath: join(dir, `${name}.db`),
      env: fixedOrigin ? { AUTH_URL: `${AUTH_URL_ORIGIN}/auth` } : {},
    })
    await server.ensure()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it(`stays up and keeps every invariant for ${RUNS} raw requests`, { timeout: 90_000 }, async () => {
    const send: Send = async (req) => {
      const answer = await sendRaw(server.port, req)
      if (!answer.first) throw new Error(`no answer to ${req.method} ${req.target}`)
      return answer.first
    }
    // The other deployment only mints a foreign CSRF cookie; in-process is enough for that.
    const other = await buildConfig(name, { closedPort, sqlitePath: join(dir, `${name}-other.db`) })
    const otherConfig = { ...other.config, secret: OTHER_SECRET }
    const sendOther: Send = async (req) => {
      const response = await Auth(toInProcessRequest(req) as Request, otherConfig)
      return { status: response.status, headers: [...response.headers], body: await response.text() }
    }
    const material = await gatherMaterial(send, sendOther, {
      hasCredentials: name !== 'oidc-unreachable',
      userId: name === 'database-sqlite' ? '' : 'user-1',
    }).finally(() => other.close())
    const heapBefore = await server.heap()
    await runFuzz(
      `raw HTTP ${name}`,
      rawRequestArbitrary(material, providerIdsOf(name)),
      RUNS,
      async (req) => {
        await server.ensure()
        const answer = await sendRaw(server.port, req)
        // Give an exit caused by this request the moment it needs to be seen (the rejection is thrown next tick).
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (!server.alive) throw new InvariantBroken(`the server process died (${server.death})`)
        if (!answer.first) {
          if (mayGoUnanswered(req)) return
          throw new InvariantBroken(`no answer${answer.timedOut ? ' (timed out)' : ''}`)
        }
        const broken = violations(req, answer.first, name, fixedOrigin)
        const later5xx = answer.statuses.slice(1).filter((s) => s >= 500)
        if (later5xx.length > 0) broken.push(`a later response on the connection was ${later5xx.join(', ')}`)
        if (broken.length > 0)
          throw new InvariantBroken(`${broken.join('; ')} (answer ${answer.first.status})`)
      },
    )
    expect(server.alive, 'the server is still running').toBe(true)
    expect(server.restarts, 'the server never had to be restarted').toBe(0)
    const providers = await sendRaw(server.port, {
      method: 'GET',
      target: '/auth/providers',
      headers: [['Host', 'localhost:3000']],
      body: undefined,
    })
    expect(providers.first?.status).toBe(200)
    const grown = (await server.heap()) - heapBefore
    expect(grown, `the server's heap after GC grew by ${grown} bytes`).toBeLessThan(HEAP_BOUND)
  })
})
