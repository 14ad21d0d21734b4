/**
 * The framework servers of the HTTP benchmark that need a build: a Next.js app (the Gatehouse route handler and
 * `auth()` in `proxy.ts`, under `next start`) with its twin answering the same JSON without Gatehouse, and a
 * SvelteKit app (Gatehouse's `handle`, under `node build` of adapter-node) with its twin. Each app is a fresh folder
 * with Gatehouse installed from the packed package (`npm pack` of `dist`), the frameworks from this repository's
 * `node_modules`, as `test/support/quick-start-app.ts` makes them for the quick-start tests; built here, at bench
 * time, never in the tests.
 *
 * @module
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { SECRET } from './create-bench-systems.js'
import { sessionJson } from './server-env.js'
import { createQuickStartApp, waitForOutput, type QuickStartApp } from '../test/support/quick-start-app.js'

/** A built app: how to start its server on a port, and how to remove it. */
export interface BuiltApp {
  /** Starts the server; `prefix` goes before its command line (`valgrind …` for `http-instructions.ts`). */
  start(port: number, env: Record<string, string>, prefix?: string): Promise<ChildProcess>
  remove(): Promise<void>
}

/** Which built app answers each app line of the benchmarks (`http-run.ts`, `http-instructions.ts`), at which path. */
export const appRoutes = {
  next: { server: 'next', path: '/api/auth/session' },
  nextBare: { server: 'nextBare', path: '/api/auth/session' },
  nextBareCatchAll: { server: 'nextBare', path: '/api/alone/session' },
  nextFloor: { server: 'nextBare', path: '/api/floor/session' },
  nextMiddleware: { server: 'next', path: '/mw/session' },
  nextBareMiddleware: { server: 'nextBare', path: '/mw/session' },
  nextFloorMiddleware: { server: 'nextBare', path: '/mw/floor' },
  sveltekit: { server: 'sveltekit', path: '/auth/session' },
  sveltekitBare: { server: 'sveltekitBare', path: '/auth/session' },
  sveltekitFloor: { server: 'sveltekitBare', path: '/floor/session' },
} as const satisfies Record<string, { server: string; path: string }>

/**
 * The environment of a built app's server on `port`: the secret, and the session JSON and headers the apps without
 * Gatehouse answer with (they add the length themselves).
 */
export function appEnv(port: number): Record<string, string> {
  return {
    AUTH_SECRET: SECRET,
    AUTH_TRUST_HOST: 'true',
    BENCH_SESSION_JSON: sessionJson,
    BENCH_SESSION_HEADERS: JSON.stringify({
      'Cache-Control': 'private, no-cache, no-store',
      'Content-Type': 'application/json',
      Expires: '0',
      Pragma: 'no-cache',
    }),
    PORT: String(port),
    HOST: '127.0.0.1',
    // adapter-node takes https without it, and the session cookie would be the `__Secure-` one.
    ORIGIN: `http://127.0.0.1:${port}`,
  }
}

const nextBase: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'bench-next',
    private: true,
    scripts: { build: 'next build', start: 'next start' },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2017',
      lib: ['dom', 'dom.iterable', 'esnext'],
      skipLibCheck: true,
      strict: true,
      noEmit: true,
      esModuleInterop: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      resolveJsonModule: true,
      isolatedModules: true,
      jsx: 'react-jsx',
      paths: { '@/*': ['./*'] },
    },
    include: ['**/*.ts', '**/*.tsx'],
    exclude: ['node_modules'],
  }),
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (<html lang="en"><body>{children}</body></html>)
}
`,
  'app/page.tsx': `export default function Home() {
  return <main>bench</main>
}
`,
}

/** The Next.js app with Gatehouse: the session at `/api/auth/session` (route handler) and `/mw/session` (`auth()`). */
const nextGatehouse: Record<string, string> = {
  ...nextBase,
  'auth.ts': `import NextAuth from 'gatehouse-auth/next'
import Credentials from 'gatehouse-auth/providers/credentials'

export const { handlers, auth } = NextAuth({
  providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => null })],
})
`,
  'app/api/auth/[...nextauth]/route.ts': `import { handlers } from '@/auth'
export const { GET, POST } = handlers
`,
  // The middleware case: \`auth()\` reads the session and the proxy answers it as JSON.
  'proxy.ts': `import { auth } from './auth'

export const proxy = auth((request) => Response.json(request.auth))
export const config = { matcher: ['/mw/:path*'] }
`,
}

/** The floor of a session check (`session-floor.mjs`), copied into the twins as plain JavaScript. */
const floor = readFileSync(new URL('session-floor.mjs', import.meta.url), 'utf8')

/** A Next.js route answering the session JSON without Gatehouse (a static route, and a catch-all one below). */
const aloneRoute = `export const dynamic = 'force-dynamic'
const body = process.env.BENCH_SESSION_JSON
const headers = JSON.parse(process.env.BENCH_SESSION_HEADERS ?? '{}')
export function GET() {
  return new Response(body, { headers })
}
`

/**
 * The same two answers without Gatehouse: the JSON the session endpoint gives, from a route and from the proxy;
 * the same JSON from a catch-all route, as Gatehouse's route is mounted (`/api/alone/session`); and the floor of a
 * session check in a catch-all route and in the proxy (`/api/floor/session`, `/mw/floor`).
 */
const nextAlone: Record<string, string> = {
  ...nextBase,
  'session-floor.js': floor,
  // Catch-all routes, as Gatehouse's own is mounted ([...nextauth]): Next matches them at a cost of its own.
  'app/api/alone/[...nextauth]/route.js': aloneRoute,
  'app/api/floor/[...nextauth]/route.js': `import { sessionFloor } from '../../../../session-floor.js'
export const dynamic = 'force-dynamic'
const floor = sessionFloor(process.env.AUTH_SECRET)
const headers = JSON.parse(process.env.BENCH_SESSION_HEADERS ?? '{}')
export async function GET(request) {
  return new Response(await floor(request.headers.get('cookie')), { headers })
}
`,
  'app/api/auth/session/route.ts': aloneRoute,
  'proxy.js': `import { sessionFloor } from './session-floor.js'
const body = process.env.BENCH_SESSION_JSON
const headers = JSON.parse(process.env.BENCH_SESSION_HEADERS ?? '{}')
const floor = sessionFloor(process.env.AUTH_SECRET)
export async function proxy(request) {
  if (request.nextUrl.pathname === '/mw/floor')
    return new Response(await floor(request.headers.get('cookie')), { headers })
  return new Response(body, { headers })
}
export const config = { matcher: ['/mw/:path*'] }
`,
}

const svelteBase: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bench-sveltekit', private: true, type: 'module' }),
  'svelte.config.js': `import adapter from '@sveltejs/adapter-node'
export default { kit: { adapter: adapter({ out: 'build' }) } }
`,
  'vite.config.js': `import { sveltekit } from '@sveltejs/kit/vite'
import { defineConfig } from 'vite'
export default defineConfig({ plugins: [sveltekit()] })
`,
  'src/app.html': `<!doctype html>
<html lang="en"><head><meta charset="utf-8" />%sveltekit.head%</head><body>%sveltekit.body%</body></html>
`,
  'src/routes/+page.svelte': `<p>bench</p>
`,
}

/** SvelteKit with Gatehouse's `handle` (the session at `/auth/session`). */
const svelteGatehouse: Record<string, string> = {
  ...svelteBase,
  'src/hooks.server.js': `import { SvelteKitAuth } from 'gatehouse-auth/sveltekit'
import Credentials from 'gatehouse-auth/providers/credentials'

export const { handle } = SvelteKitAuth({
  providers: [Credentials({ credentials: { email: {}, password: {} }, authorize: () => null })],
})
`,
}

/**
 * SvelteKit alone: a `handle` answering the same JSON at the same stage, before any route; and the floor of a
 * session check there (`/floor/session`).
 */
const svelteAlone: Record<string, string> = {
  ...svelteBase,
  'src/session-floor.js': floor,
  'src/hooks.server.js': `import { sessionFloor } from './session-floor.js'
const body = process.env.BENCH_SESSION_JSON
const headers = JSON.parse(process.env.BENCH_SESSION_HEADERS ?? '{}')
const floor = sessionFloor(process.env.AUTH_SECRET)
export async function handle({ event, resolve }) {
  if (event.url.pathname === '/auth/session')
    return new Response(body, { headers })
  if (event.url.pathname === '/floor/session')
    return new Response(await floor(event.request.headers.get('cookie')), { headers })
  return resolve(event)
}
`,
}

async function built(
  name: string,
  files: Record<string, string>,
  bins: string[],
  build: string,
  startLine: (port: number) => string,
  ready: RegExp,
): Promise<BuiltApp> {
  const app: QuickStartApp = await createQuickStartApp(name, bins)
  try {
    for (const [path, text] of Object.entries(files)) await app.write(path, text)
    await app.shell(build)
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    await app.remove()
    throw new Error(`${name}: ${build} failed:\n${stdout ?? ''}\n${stderr ?? ''}`)
  }
  return {
    async start(port, env, prefix = '') {
      let output = ''
      const line = `${prefix}${startLine(port)}`
      const child = app.start(line, { NODE_ENV: 'production', ...env }, (text) => (output += text))
      // Under valgrind a framework takes minutes to start.
      await waitForOutput(name, child, ready, () => output, prefix ? 900_000 : 120_000)
      return child
    },
    remove: () => app.remove(),
  }
}

/** Builds the apps whose names are asked for (`next`, `nextBare`, `sveltekit`, `sveltekitBare`). */
export async function buildApps(names: ReadonlySet<string>): Promise<Map<string, BuiltApp>> {
  const recipes: Record<string, () => Promise<BuiltApp>> = {
    next: () =>
      built(
        'bench-next',
        nextGatehouse,
        ['next'],
        'next build',
        (p) => `next start -p ${p} -H 127.0.0.1`,
        /Ready in/,
      ),
    nextBare: () =>
      built(
        'bench-next-bare',
        nextAlone,
        ['next'],
        'next build',
        (p) => `next start -p ${p} -H 127.0.0.1`,
        /Ready in/,
      ),
    sveltekit: () =>
      built('bench-sveltekit', svelteGatehouse, ['vite'], 'vite build', () => 'node build', /Listening on/),
    sveltekitBare: () =>
      built('bench-sveltekit-bare', svelteAlone, ['vite'], 'vite build', () => 'node build', /Listening on/),
  }
  const apps = new Map<string, BuiltApp>()
  try {
    // One at a time: a build takes both cores.
    for (const name of names) if (recipes[name]) apps.set(name, await recipes[name]())
  } catch (error) {
    for (const app of apps.values()) await app.remove()
    throw error
  }
  return apps
}
