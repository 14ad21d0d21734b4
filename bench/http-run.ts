/**
 * `BENCH_HTTP=1 npm run bench`: `GET /auth/session` with a valid session cookie over HTTP on loopback, each server
 * alone in its own process on the built package (`dist`: run `npm run -s build` first), driven by autocannon from
 * this process (32 connections, a warm-up run each, rounds interleaved, the order reversed every other round).
 * Servers: a bare `node:http` JSON handler; the README quick start exactly as printed (its code block, transpiled);
 * `toNodeHandler(handlers.GET)`; `handlers.GET(toWebRequest(req))`; the same with a token without `kid`;
 * `gatehouse-auth/express` and Express alone answering the same JSON; `gatehouse-auth/hono` and Hono alone; and
 * the Next.js route handler and `auth()` in `proxy.ts` under `next start`, and Next.js alone answering the same JSON
 * from a route and from `proxy.ts`; SvelteKit's `handle` under `node build` and SvelteKit alone (`http-apps.ts`
 * builds those apps first); `@auth/express` as the anchor. Beside each framework alone, the floor of a session
 * check in that framework (`session-floor.mjs`: the least any library must do per check, mounted where Gatehouse is),
 * so each ratio to the framework alone can be read against what is reachable at all. Each is checked to answer the
 * session first. Reports numbers; asserts nothing about speed. `BENCH_QUICK=1` (2 rounds of 3 s), `BENCH_ROUNDS`, `BENCH_SECONDS`, `BENCH_SERVERS=bare,node,...`.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { EncryptJWT } from 'jose'
import ts from 'typescript'
import { deriveEncryptionKey } from '../src/crypto/node/derive-encryption-key.js'
import { appEnv, appRoutes, buildApps, type BuiltApp } from './http-apps.js'
import { median } from './measure.js'
import { serverEnv } from './server-env.js'
import { freshSessionToken } from './session-scenarios.js'
import { MAX_AGE, SECRET, SESSION_COOKIE, USER } from './create-bench-systems.js'

const quick = process.env['BENCH_QUICK'] === '1'
const rounds = Number(process.env['BENCH_ROUNDS'] ?? (quick ? 2 : 5))
const seconds = Number(process.env['BENCH_SECONDS'] ?? (quick ? 3 : 5))
const warmUpSeconds = quick ? 1 : 3
const connections = 32
const root = fileURLToPath(new URL('..', import.meta.url))

/** One line of the report: a server process (shared by two lines when only the cookie differs) and its cookie. */
interface Line {
  name: string
  label: string
  server: string
  cookie: 'kid' | 'noKid'
  path: string
}

const lines: Line[] = [
  { name: 'bare', label: 'bare `node:http`, the same JSON', server: 'bare', cookie: 'kid', path: '/' },
  { name: 'readme', label: 'the README quick start', server: 'readme', cookie: 'kid', path: '/auth/session' },
  {
    name: 'node',
    label: '`toNodeHandler(handlers.GET)`',
    server: 'node',
    cookie: 'kid',
    path: '/auth/session',
  },
  {
    name: 'authjs',
    label: '`handlers.GET(toWebRequest(req))`',
    server: 'authjs',
    cookie: 'kid',
    path: '/auth/session',
  },
  {
    name: 'nodeNoKid',
    label: '`toNodeHandler(handlers.GET)`, token without `kid`',
    server: 'node',
    cookie: 'noKid',
    path: '/auth/session',
  },
  {
    name: 'nodeFloor',
    label: '`node:http`, the floor of a session check',
    server: 'nodeFloor',
    cookie: 'kid',
    path: '/auth/session',
  },
  {
    name: 'express',
    label: '`gatehouse-auth/express`',
    server: 'express',
    cookie: 'kid',
    path: '/auth/session',
  },
  {
    name: 'expressBare',
    label: 'Express alone',
    server: 'expressBare',
    cookie: 'kid',
    path: '/auth/session',
  },
  {
    name: 'expressFloor',
    label: 'Express, the floor of a session check',
    server: 'expressFloor',
    cookie: 'kid',
    path: '/auth/session',
  },
  { name: 'hono', label: '`gatehouse-auth/hono`', server: 'hono', cookie: 'kid', path: '/auth/session' },
  { name: 'honoBare', label: 'Hono alone', server: 'honoBare', cookie: 'kid', path: '/auth/session' },
  {
    name: 'honoFloor',
    label: 'Hono, the floor of a session check',
    server: 'honoFloor',
    cookie: 'kid',
    path: '/auth/session',
  },
  { name: 'next', label: 'Next.js route handler', cookie: 'kid', ...appRoutes.next },
  { name: 'nextBare', label: 'Next.js alone, route', cookie: 'kid', ...appRoutes.nextBare },
  {
    name: 'nextBareCatchAll',
    label: 'Next.js alone, catch-all route',
    cookie: 'kid',
    ...appRoutes.nextBareCatchAll,
  },
  {
    name: 'nextFloor',
    label: 'Next.js, catch-all route, the floor of a session check',
    cookie: 'kid',
    ...appRoutes.nextFloor,
  },
  {
    name: 'nextMiddleware',
    label: 'Next.js `auth()` in `proxy.ts`',
    cookie: 'kid',
    ...appRoutes.nextMiddleware,
  },
  {
    name: 'nextBareMiddleware',
    label: 'Next.js alone, `proxy.ts`',
    cookie: 'kid',
    ...appRoutes.nextBareMiddleware,
  },
  {
    name: 'nextFloorMiddleware',
    label: 'Next.js, `proxy.ts`, the floor of a session check',
    cookie: 'kid',
    ...appRoutes.nextFloorMiddleware,
  },
  { name: 'sveltekit', label: 'SvelteKit `handle`', cookie: 'kid', ...appRoutes.sveltekit },
  { name: 'sveltekitBare', label: 'SvelteKit alone, `handle`', cookie: 'kid', ...appRoutes.sveltekitBare },
  {
    name: 'sveltekitFloor',
    label: 'SvelteKit, `handle`, the floor of a session check',
    cookie: 'kid',
    ...appRoutes.sveltekitFloor,
  },
  { name: 'anchor', label: '`@auth/express` 0.12', server: 'anchor', cookie: 'kid', path: '/auth/session' },
]
const only = process.env['BENCH_SERVERS']?.split(',')
// bare and the anchor are what every ratio is of, so they always run.
const chosen = lines.filter((l) => !only || only.includes(l.name) || l.name === 'bare' || l.name === 'anchor')

/** The README's plain-Node quick start, its code block as printed, made runnable by `node` (types removed). */
function readmeServer(): string {
  const readme = readFileSync(`${root}README.md`, 'utf8')
  const block = /### Plain Node\s+```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  if (!block?.includes('.listen(3000)')) throw new Error('README.md has no plain-Node quick start to run')
  const code = block.replace(
    '.listen(3000)',
    ".listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'))",
  )
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
  // Inside the package, so `gatehouse-auth` resolves to this package's `dist` by its own name.
  mkdirSync(`${root}bench/.generated`, { recursive: true })
  const file = `${root}bench/.generated/readme-server.mjs`
  writeFileSync(file, js)
  return file
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

let apps = new Map<string, BuiltApp>()

async function start(server: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const app = apps.get(server)
  if (app) return { child: await app.start(port, appEnv(port)), port }
  const script = server === 'readme' ? readmeServer() : `${root}bench/http-server.mjs`
  const child = spawn(process.execPath, server === 'readme' ? [script] : [script, server], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv(port),
  })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${server} server exited (${String(code)})`)))
    child.stdout?.once('data', () => resolve())
  })
  return { child, port }
}

const children: ChildProcess[] = []
try {
  const kidToken = await freshSessionToken()
  const noKidToken = await new EncryptJWT({ name: USER.name, email: USER.email, sub: USER.id })
    .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512' })
    .setIssuedAt()
    .setExpirationTime(`${MAX_AGE}s`)
    .setJti(crypto.randomUUID())
    .encrypt(deriveEncryptionKey('A256CBC-HS512', SECRET, SESSION_COOKIE))
  const cookies = { kid: `${SESSION_COOKIE}=${kidToken}`, noKid: `${SESSION_COOKIE}=${noKidToken}` }

  const servers = new Set(chosen.map((l) => l.server))
  console.log(`building ${[...servers].filter((n) => /^(next|sveltekit)/.test(n)).join(', ') || 'no apps'}…`)
  apps = await buildApps(servers)
  const ports: Record<string, number> = {}
  for (const server of servers) {
    const started = await start(server)
    children.push(started.child)
    ports[server] = started.port
  }
  const url = (line: Line) => `http://127.0.0.1:${ports[line.server]!}${line.path}`
  for (const line of chosen) {
    const res = await fetch(url(line), { headers: { cookie: cookies[line.cookie] } })
    const body = (await res.json()) as { user?: { email?: string } } | null
    if (res.status !== 200 || body?.user?.email !== USER.email)
      throw new Error(`${line.name} does not answer the session: ${res.status} ${JSON.stringify(body)}`)
  }
  const run = async (line: Line, duration: number) => {
    const result = await autocannon({
      url: url(line),
      headers: { cookie: cookies[line.cookie] },
      connections,
      duration,
    })
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${line.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    return result.requests.average
  }
  for (const line of chosen) await run(line, warmUpSeconds)
  const samples: Record<string, number[]> = Object.fromEntries(chosen.map((l) => [l.name, []]))
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so drift on the machine falls on every side.
    for (const line of round % 2 === 0 ? chosen : [...chosen].reverse())
      samples[line.name]!.push(await run(line, seconds))
  }

  // Per-round ratios (each line against another of the same round), so their spread shows.
  const perRound = (name: string, against: string) =>
    samples[name]!.map((value, round) => value / samples[against]![round]!)
  const range = (values: number[], scale: number, digits: number) =>
    `${(Math.min(...values) * scale).toFixed(digits)}-${(Math.max(...values) * scale).toFixed(digits)}`
  const ratio = (name: string, against: string, scale: number, digits: number, unit: string) => {
    const values = perRound(name, against)
    return `${(median(values) * scale).toFixed(digits)}${unit} (${range(values, scale, digits)}${unit})`
  }
  console.log(
    `GET /auth/session over HTTP, one server per process, ${connections} connections, ${rounds} rounds of ${seconds} s; ` +
      'req/s median (range); ratios: median of the per-round ratios (range)',
  )
  console.log('| server | req/s | of bare | vs `@auth/express` |')
  console.log('| --- | ---: | ---: | ---: |')
  for (const line of chosen) {
    const values = samples[line.name]!
    console.log(
      `| ${line.label} | ${Math.round(median(values)).toLocaleString('en-US')} (${range(values, 1, 0)}) | ` +
        `${ratio(line.name, 'bare', 100, 0, '%')} | ${ratio(line.name, 'anchor', 1, 1, 'x')} |`,
    )
  }
  const against = (name: string, base: string, label: string, times = false) => {
    if (samples[name] && samples[base])
      console.log(`${label}: ${times ? ratio(name, base, 1, 1, 'x') : ratio(name, base, 100, 0, '%')}`)
  }
  against('express', 'expressBare', '`gatehouse-auth/express` of Express alone')
  against('expressFloor', 'expressBare', 'the floor of a session check in Express, of Express alone')
  against('express', 'expressFloor', '`gatehouse-auth/express` of that floor')
  against('hono', 'honoBare', '`gatehouse-auth/hono` of Hono alone')
  against('honoFloor', 'honoBare', 'the floor of a session check in Hono, of Hono alone')
  against('hono', 'honoFloor', '`gatehouse-auth/hono` of that floor')
  against('nodeFloor', 'bare', 'the floor of a session check in `node:http`, of bare')
  against('node', 'nodeFloor', '`toNodeHandler(handlers.GET)` of that floor')
  against('nodeNoKid', 'node', 'a token without `kid` of one with it')
  against('authjs', 'node', '`handlers.GET(toWebRequest(req))` of `toNodeHandler(handlers.GET)`')
  against('next', 'nextBare', 'Next.js route handler of Next.js alone')
  against('next', 'nextBareCatchAll', 'Next.js route handler of Next.js alone in a catch-all route')
  against(
    'nextFloor',
    'nextBareCatchAll',
    'the floor of a session check in a catch-all route, of Next.js alone there',
  )
  against('next', 'nextFloor', 'Next.js route handler of that floor')
  against('nextMiddleware', 'nextBareMiddleware', 'Next.js `auth()` proxy of Next.js alone')
  against('nextFloorMiddleware', 'nextBareMiddleware', 'the floor in `proxy.ts`, of Next.js alone')
  against('nextMiddleware', 'nextFloorMiddleware', 'Next.js `auth()` proxy of that floor')
  against('sveltekit', 'sveltekitBare', 'SvelteKit `handle` of SvelteKit alone')
  against('sveltekitFloor', 'sveltekitBare', 'the floor of a session check in SvelteKit, of SvelteKit alone')
  against('sveltekit', 'sveltekitFloor', 'SvelteKit `handle` of that floor')
  against('express', 'anchor', '`gatehouse-auth/express` against `@auth/express`', true)
} finally {
  for (const child of children) if (child.exitCode === null) child.kill()
  for (const app of apps.values()) await app.remove()
}
