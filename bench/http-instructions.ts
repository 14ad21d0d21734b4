/**
 * `BENCH_INSTRUCTIONS=1 npm run bench` (or `npx tsx bench/http-instructions.ts [server…]`): the machine instructions
 * each server of `http-server.mjs` (built package, its own process) executes per answered `GET /auth/session`,
 * counted by valgrind's callgrind around a fixed number of requests after a warm-up. Requests per second move
 * with whatever else the machine does; instruction counts do not (the same figure within about 3% run to run, with
 * the other core busy), so this is the figure to compare a wrapper with its framework alone on a shared machine,
 * and to see where a ratio of `BENCH_HTTP=1` comes from. It counts the server's user-space work only (not the
 * kernel's socket work, which both servers of a pair share). Needs `valgrind` (Debian package) and
 * `npm run -s build` first. The floors (`session-floor.mjs`) show the least a session check costs in each server. `BENCH_REQUESTS` (default 3,000; the anchor does a tenth), `BENCH_SERVERS`.
 *
 * @module
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import { freshSessionToken } from './session-scenarios.js'
import { MAX_AGE, SECRET, SESSION_COOKIE, USER } from './create-bench-systems.js'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const requests = Number(process.env['BENCH_REQUESTS'] ?? 3000)
const fromArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
const servers =
  fromArgs.length > 0
    ? fromArgs
    : (process.env['BENCH_SERVERS']?.split(',') ?? [
        'bare',
        'nodeFloor',
        'node',
        'authjs',
        'express',
        'expressBare',
        'expressFloor',
        'hono',
        'honoBare',
        'honoFloor',
        'anchor',
      ])
/** Each Gatehouse server and what it is measured against. */
const pairs: [string, string][] = [
  ['node', 'bare'],
  ['nodeFloor', 'bare'],
  ['node', 'nodeFloor'],
  ['authjs', 'bare'],
  ['express', 'expressBare'],
  ['expressFloor', 'expressBare'],
  ['express', 'expressFloor'],
  ['hono', 'honoBare'],
  ['honoFloor', 'honoBare'],
  ['hono', 'honoFloor'],
  ['anchor', 'express'],
]

const sessionJson = JSON.stringify({
  user: { name: USER.name, email: USER.email },
  expires: new Date(Date.now() + MAX_AGE * 1000).toISOString(),
})

/** Instructions per request of one server: started under callgrind, warmed up, counted over `amount` requests. */
async function count(name: string, cookie: string, port: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-instructions-'))
  const child: ChildProcess = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${dir}/out`, process.execPath, 'bench/http-server.mjs', name],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        AUTH_SECRET: SECRET,
        BENCH_USER_JSON: JSON.stringify(USER),
        BENCH_SESSION_JSON: sessionJson,
      },
    },
  )
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`${name} exited (${String(code)}) under valgrind`)))
      child.stdout!.once('data', () => resolve())
    })
    const amount = name === 'anchor' ? Math.max(100, Math.round(requests / 10)) : requests
    const drive = (n: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}${name === 'bare' ? '/' : '/auth/session'}`,
        headers: { cookie },
        connections: 8,
        amount: n,
      })
    // JIT warm-up: the first few thousand requests run through the interpreter and the compilers.
    await drive(Math.max(1000, amount))
    await run('callgrind_control', ['-z', String(child.pid)])
    const result = await drive(amount)
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: answers that were not 200`)
    await run('callgrind_control', ['-d', String(child.pid)])
    const dump = readdirSync(dir).find((file) => /^out\.\d+$/.test(file))
    if (dump === undefined) throw new Error(`${name}: callgrind wrote no dump`)
    const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'))
    if (totals === null) throw new Error(`${name}: no totals in the callgrind dump`)
    return Number(totals[1]) / result.requests.total
  } finally {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}

const cookie = `${SESSION_COOKIE}=${await freshSessionToken()}`
const counts = new Map<string, number>()
let port = 21_000 + Math.floor(Math.random() * 20_000)
// Two at a time: instruction counts do not depend on what the other core does.
for (let index = 0; index < servers.length; index += 2) {
  const batch = servers.slice(index, index + 2)
  const figures = await Promise.all(batch.map((name) => count(name, cookie, ++port)))
  batch.forEach((name, i) => counts.set(name, figures[i]!))
}
console.log(`instructions per GET /auth/session (callgrind, ${requests} requests after a warm-up)`)
for (const [name, value] of counts)
  console.log(`${name.padEnd(14)} ${Math.round(value).toLocaleString('en')}`)
for (const [server, against] of pairs) {
  const a = counts.get(server)
  const b = counts.get(against)
  if (a === undefined || b === undefined) continue
  const line =
    server === 'anchor'
      ? `gatehouse-auth/express does ${(a / b).toFixed(1)}x fewer instructions than @auth/express`
      : `${server} costs ${((a / b) * 100).toFixed(0)}% of ${against}'s instructions: ${((b / a) * 100).toFixed(0)}% of its speed`
  console.log(line)
}
