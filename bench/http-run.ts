/**
 * `BENCH_HTTP=1 npm run bench`: `GET /auth/session` with a valid JWT over HTTP on loopback, driven by autocannon,
 * against a bare `node:http` JSON handler, Express answering the same JSON from a route, `gatehouse-auth/node`, `gatehouse-auth/express`, `gatehouse-auth/hono` and `@auth/express`, rounds
 * interleaved. Each server is checked to answer the session first. Reports numbers; asserts nothing about speed.
 *
 * @module
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { median } from './measure.js'
import { freshSessionToken } from './session-scenarios.js'
import { SESSION_COOKIE, USER } from './create-bench-systems.js'

const quick = process.env['BENCH_QUICK'] === '1'
const rounds = quick ? 2 : 5
const seconds = quick ? 2 : 5
const connections = 32

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--conditions=gatehouse-source', 'bench/http-servers.ts'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
const ports = await new Promise<Record<string, number>>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`the bench servers exited (${String(code)})`)))
  createInterface({ input: child.stdout }).once('line', (line) =>
    resolve(JSON.parse(line) as Record<string, number>),
  )
})

try {
  const cookie = `${SESSION_COOKIE}=${await freshSessionToken()}`
  const path = (name: string) => (name === 'bare' ? '/' : '/auth/session')
  for (const [name, port] of Object.entries(ports)) {
    const res = await fetch(`http://127.0.0.1:${port}${path(name)}`, { headers: { cookie } })
    const body = (await res.json()) as { user?: { email?: string } }
    if (res.status !== 200 || body.user?.email !== USER.email)
      throw new Error(`${name} does not answer the session`)
  }
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(ports).map((n) => [n, []]))
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so drift on the machine falls on every side.
    const names = round % 2 === 0 ? Object.keys(ports) : Object.keys(ports).reverse()
    for (const name of names) {
      const result = await autocannon({
        url: `http://127.0.0.1:${ports[name]!}${path(name)}`,
        headers: { cookie },
        connections,
        duration: seconds,
      })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      samples[name]!.push(result.requests.average)
    }
  }
  const bare = median(samples['bare']!)
  const anchor = median(samples['anchor']!)
  const expressBare = median(samples['expressBare']!)
  console.log(
    `GET /auth/session over HTTP, ${connections} connections, ${rounds} rounds of ${seconds} s, medians:`,
  )
  // Per-round ratios (each server against bare and the anchor of the same round), so their spread shows.
  const perRound = (name: string, against: string) =>
    samples[name]!.map((value, round) => value / samples[against]![round]!)
  const range = (values: number[], scale: number, digits: number) =>
    `${(Math.min(...values) * scale).toFixed(digits)}-${(Math.max(...values) * scale).toFixed(digits)}`
  for (const [name, values] of Object.entries(samples)) {
    const rate = median(values)
    const ofBare = perRound(name, 'bare')
    const ofAnchor = perRound(name, 'anchor')
    console.log(
      `${name.padEnd(11)} ${Math.round(rate).toString().padStart(7)} req/s  ${((rate / bare) * 100).toFixed(0).padStart(4)}% of bare (rounds ${range(ofBare, 100, 0)}%)  ${(rate / anchor).toFixed(1).padStart(6)}x @auth/express (rounds ${range(ofAnchor, 1, 1)}x)`,
    )
  }
  console.log(
    `express is ${((median(samples['express']!) / expressBare) * 100).toFixed(0)}% of expressBare (Express answering the JSON itself)`,
  )
} finally {
  child.kill()
}
