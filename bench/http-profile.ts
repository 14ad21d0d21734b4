/**
 * `npx tsx bench/http-profile.ts <server> [seconds]`: one server of `http-server.mjs` (built package) under
 * `--cpu-prof`, driven like the HTTP benchmark (32 connections), then the functions with the most self time, so
 * that a figure of `BENCH_HTTP=1` can be explained. Run `npm run -s build` first.
 *
 * @module
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { serverEnv } from './server-env.js'
import { freshSessionToken } from './session-scenarios.js'
import { SESSION_COOKIE } from './create-bench-systems.js'

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples: number[]
  timeDeltas: number[]
}

const server = process.argv[2] ?? 'node'
const seconds = Number(process.argv[3] ?? 5)
const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-profile-'))
const port = 20_000 + Math.floor(Math.random() * 20_000)
const child = spawn(
  process.execPath,
  ['--cpu-prof', '--cpu-prof-dir', dir, 'bench/http-server.mjs', server],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv(port),
  },
)
await new Promise((resolve) => child.stdout.once('data', resolve))
const cookie = `${SESSION_COOKIE}=${await freshSessionToken()}`
const result = await autocannon({
  url: `http://127.0.0.1:${port}${server === 'bare' ? '/' : '/auth/session'}`,
  headers: { cookie },
  connections: 32,
  duration: seconds,
})
console.log(`${server}: ${Math.round(result.requests.average)} req/s under the profiler`)
await new Promise((resolve) => {
  child.once('exit', resolve)
  child.kill('SIGTERM')
})
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map<string, number>()
let total = 0
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0
  total += delta
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-3).join('/')}:${lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + delta)
})
for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
