/**
 * Fuzzing `Auth()` in-process, configuration by configuration: for every generated request `Auth` resolves (never
 * rejects), and the answer keeps every invariant of `invariants.ts`; no rejection escapes anywhere, and the heap
 * after GC stays within a bound.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Auth } from '../../src/auth.js'
import type { AuthConfig } from '../../src/types.js'
import {
  buildConfig,
  fuzzConfigNames,
  providerIdsOf,
  OTHER_SECRET,
  type BuiltConfig,
} from './fuzz-configs.js'
import { gatherMaterial, type FuzzResponse, type Send } from './fuzz-material.js'
import { toInProcessRequest, type FuzzRequest } from './fuzz-request.js'
import { heapAfterGc } from './heap-after-gc.js'
import { violations } from './invariants.js'
import { requestArbitrary } from './request-arbitrary.js'
import { fuzzRuns, InvariantBroken, runFuzz } from './run-fuzz.js'

/** Requests per configuration (three configurations; the raw-HTTP suite sends its own). */
const RUNS = fuzzRuns(700)
/** Heap growth allowed over the whole run, after GC: a leak of even 1 KiB a request would exceed it. */
const HEAP_BOUND = 24 * 1024 * 1024

async function readResponse(response: Response): Promise<FuzzResponse> {
  const headers: [string, string][] = []
  for (const [name, value] of response.headers) headers.push([name.toLowerCase(), value])
  return { status: response.status, headers, body: await response.text() }
}

function inProcess(config: AuthConfig): Send {
  return async (req) => {
    const request = toInProcessRequest(req)
    if (!(request instanceof Request)) throw new Error(`unbuildable: ${request.unbuildable}`)
    return readResponse(await Auth(request, config))
  }
}

const escaped: unknown[] = []
const onRejection = (reason: unknown) => void escaped.push(reason)
let dir: string
let closedPort: number
let heapBefore: number

beforeAll(async () => {
  process.on('unhandledRejection', onRejection)
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-fuzz-'))
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  heapBefore = heapAfterGc()
})

afterAll(() => {
  process.off('unhandledRejection', onRejection)
  rmSync(dir, { recursive: true, force: true })
})

describe.each(fuzzConfigNames)('fuzzing Auth() in-process: %s', (name) => {
  let built: BuiltConfig
  beforeAll(async () => {
    built = await buildConfig(name, { closedPort, sqlitePath: join(dir, `${name}.db`) })
  })
  afterAll(() => built?.close())

  it(`keeps every invariant for ${RUNS} generated requests`, { timeout: 60_000 }, async () => {
    const send = inProcess(built.config)
    const material = await gatherMaterial(send, inProcess({ ...built.config, secret: OTHER_SECRET }), {
      hasCredentials: name !== 'oidc-unreachable',
      userId: built.userId,
    })
    let sent = 0
    const outcomes = new Map<string, number>()
    await runFuzz(
      `in-process ${name}`,
      requestArbitrary(material, providerIdsOf(name)),
      RUNS,
      async (req: FuzzRequest) => {
        fc.pre(toInProcessRequest(req) instanceof Request)
        let res: FuzzResponse
        try {
          sent++
          res = await send(req)
        } catch (error) {
          throw new InvariantBroken(`Auth() rejected: ${String(error).slice(0, 300)}`)
        }
        const key = `${res.status}${res.headers.some(([n, v]) => n === 'set-cookie' && v.startsWith('authjs.session-token=') && !/Max-Age=0/i.test(v)) ? '+session' : ''}`
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
        const broken = violations(req, res, name)
        if (broken.length > 0) throw new InvariantBroken(`${broken.join('; ')} (answer ${res.status})`)
      },
    )
    if (process.env.FUZZ_STATS) console.log(name, [...outcomes].sort().join(' '))
    expect(sent).toBeGreaterThan(RUNS / 2)
    expect(escaped, 'an unhandled rejection escaped').toEqual([])
  })
})

describe('fuzzing Auth() in-process: resources', () => {
  it(`the heap after GC grew by less than ${HEAP_BOUND / 2 ** 20} MiB over the whole run`, () => {
    const grown = heapAfterGc() - heapBefore
    expect(grown).toBeLessThan(HEAP_BOUND)
    expect(escaped).toEqual([])
  })
})
