/**
 * `BENCH_INSTRUCTIONS=1 npm run bench` (or `npx tsx bench/http-instructions.ts [server…]`): the machine instructions
 * each server of `http-server.mjs` (built package, its own process) executes per answered `GET /auth/session`,
 * counted by valgrind's callgrind around a fixed number of requests after a warm-up. Requests per second move
 * with whatever else the machine does; instruction counts do not (the same figure within about 3% run to run, with
 * the other core busy), so this is the figure to compare a wrapper with its framework alone on a shared machine,
 * and to see where a ratio of `BENCH_HTTP=1` comes from. It counts the server's user-space work only (not the
 * kernel's socket work, which both servers of a pair share). Needs `valgrind` (Debian package) and
 * `npm run -s build` first. The floors (`session-floor.mjs`) show the least a session check costs in each server.
 * The built apps of `http-apps.ts` are counted when named (`nextBareCatchAll,nextFloor,next,nextBareMiddleware,
 * nextFloorMiddleware,nextMiddleware,sveltekitBare,sveltekitFloor,sveltekit`): one process per app, every path of it
 * counted in turn; each app takes minutes to start and warm up under valgrind. `BENCH_REQUESTS` (default 3,000; the
 * anchor does a tenth), `BENCH_SERVERS`.
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
import { appEnv, appRoutes, buildApps } from './http-apps.js'
import { serverEnv } from './server-env.js'
import { freshSessionToken } from './session-scenarios.js'
import { SESSION_COOKIE } from './create-bench-systems.js'

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
  ['next', 'nextBareCatchAll'],
  ['nextFloor', 'nextBareCatchAll'],
  ['next', 'nextFloor'],
  ['nextMiddleware', 'nextBareMiddleware'],
  ['nextFloorMiddleware', 'nextBareMiddleware'],
  ['nextMiddleware', 'nextFloorMiddleware'],
  ['sveltekit', 'sveltekitBare'],
  ['sveltekitFloor', 'sveltekitBare'],
  ['sveltekit', 'sveltekitFloor'],
  ['anchor', 'express'],
]

/** A server under callgrind: its process, its port, and the environment `callgrind_control` must see it with. */
interface Counted {
  child: ChildProcess
  port: number
  /** valgrind names its control pipe after `HOST`: `callgrind_control` must be given the server's. */
  host: string | undefined
}

const valgrindArgs = (dir: string) => [
  '--tool=callgrind',
  // The Next.js bin is a `#!/usr/bin/env node` script: follow the `exec` into node.
  '--trace-children=yes',
  `--callgrind-out-file=${dir}/out.%p`,
]

/** A server of `http-server.mjs` started under callgrind. */
async function startServer(name: string, port: number, dir: string): Promise<Counted> {
  const child = spawn('valgrind', [...valgrindArgs(dir), process.execPath, 'bench/http-server.mjs', name], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: serverEnv(port),
  })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited (${String(code)}) under valgrind`)))
    child.stdout.once('data', () => resolve())
  })
  return { child, port, host: process.env['HOST'] }
}

/**
 * Instructions per request of each path of one server: warmed up on every path first, then for each path the
 * counters are zeroed, `amount` requests sent, and the counters dumped.
 */
async function countPaths(
  what: string,
  start: (dir: string) => Promise<Counted>,
  paths: readonly string[],
  cookie: string,
  amount: number,
): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-instructions-'))
  let counted: Counted | undefined
  try {
    counted = await start(dir)
    const { child, port, host } = counted
    const control = (flag: string) =>
      run('callgrind_control', [flag, String(child.pid)], { env: { ...process.env, HOST: host } })
    const drive = (path: string, n: number) =>
      autocannon({ url: `http://127.0.0.1:${port}${path}`, headers: { cookie }, connections: 8, amount: n })
    // JIT warm-up: the first few thousand requests run through the interpreter and the compilers.
    for (const path of paths) await drive(path, Math.max(1000, amount))
    const figures: number[] = []
    for (const path of paths) {
      await control('-z')
      const result = await drive(path, amount)
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${what} ${path}: answers that were not 200`)
      const before = new Set(readdirSync(dir))
      await control('-d')
      const dump = readdirSync(dir).find((file) => !before.has(file) && /\.\d+$/.test(file))
      if (dump === undefined) throw new Error(`${what} ${path}: callgrind wrote no dump`)
      const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'))
      if (totals === null) throw new Error(`${what} ${path}: no totals in the callgrind dump`)
      figures.push(Number(totals[1]) / result.requests.total)
    }
    return figures
  } finally {
    const pid = counted?.child.pid
    if (pid !== undefined) {
      // The whole process group: a built app runs under a shell that `exec`s valgrind.
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        counted?.child.kill('SIGKILL')
      }
      // valgrind leaves its control pipes behind when killed.
      for (const file of readdirSync(tmpdir()))
        if (file.startsWith('vgdb-pipe-') && file.includes(`-${pid}-by-`))
          rmSync(join(tmpdir(), file), { force: true })
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

const cookie = `${SESSION_COOKIE}=${await freshSessionToken()}`
const counts = new Map<string, number>()
let port = 21_000 + Math.floor(Math.random() * 20_000)
const isApp = (name: string): name is keyof typeof appRoutes => Object.hasOwn(appRoutes, name)
const plain = servers.filter((name) => !isApp(name))
// Two at a time: instruction counts do not depend on what the other core does.
for (let index = 0; index < plain.length; index += 2) {
  const batch = plain.slice(index, index + 2)
  const figures = await Promise.all(
    batch.map((name) => {
      const amount = name === 'anchor' ? Math.max(100, Math.round(requests / 10)) : requests
      const path = name === 'bare' ? '/' : '/auth/session'
      const at = ++port
      return countPaths(name, (dir) => startServer(name, at, dir), [path], cookie, amount)
    }),
  )
  batch.forEach((name, i) => counts.set(name, figures[i]![0]!))
}
// The built apps (`http-apps.ts`), one process per app with every path of it asked for, one app at a time.
const appNames = servers.filter(isApp)
const apps = await buildApps(new Set(appNames.map((name) => appRoutes[name].server)))
try {
  for (const [server, app] of apps) {
    const names = appNames.filter((name) => appRoutes[name].server === server)
    const at = ++port
    const env = appEnv(at)
    const start = async (dir: string): Promise<Counted> => ({
      child: await app.start(at, env, `valgrind ${valgrindArgs(dir).join(' ')} `),
      port: at,
      host: env['HOST'],
    })
    const paths = names.map((name) => appRoutes[name].path)
    const figures = await countPaths(server, start, paths, cookie, requests)
    names.forEach((name, i) => counts.set(name, figures[i]!))
  }
} finally {
  for (const app of apps.values()) await app.remove()
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
