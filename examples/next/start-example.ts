/**
 * `npm run example:next`: the Next.js example on http://localhost:3001 with its SQLite database (migrated here) and
 * the Demo IdP (a local OpenID provider) started beside it. `--dev` runs `next dev`; otherwise it builds when needed
 * and runs `next start`. Also used by the Chromium suite, which builds and starts it on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { migrate } from 'gatehouse-auth/adapters/sqlite'
import { startDemoIdp } from '../demo/demo-idp.js'

const appDir = fileURLToPath(new URL('.', import.meta.url))
const nextBin = fileURLToPath(new URL('../../node_modules/next/dist/bin/next', import.meta.url))

/** A running example. */
export interface RunningNextExample {
  url: string
  databasePath: string
  close(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function run(args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [nextBin, ...args], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => log(d.toString()))
  child.stderr?.on('data', (d: Buffer) => log(d.toString()))
  return child
}

/** `next build` in the example folder; rejects (with its output) when the build fails. */
export function buildNextExample(log: (line: string) => void = () => {}): Promise<void> {
  let output = ''
  const child = run(['build'], { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, (line) => {
    output += line
    log(line)
  })
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed:\n${output}`)))),
  )
}

/** Starts the example (`next start`, or `next dev`) with the Demo IdP and a migrated SQLite database. */
export async function startNextExample(
  options: {
    port?: number
    host?: string
    /** The host of `AUTH_URL`, when the public address is not the listen address (behind a proxy). */
    publicHost?: string
    dataDir?: string
    dev?: boolean
    log?: (line: string) => void
  } = {},
): Promise<RunningNextExample> {
  const host = options.host ?? 'localhost'
  const port = options.port ?? (await freePort())
  const log = options.log ?? ((line: string) => process.stdout.write(line))
  const dataDir = options.dataDir ?? join(appDir, '.data')
  mkdirSync(dataDir, { recursive: true })
  const databasePath = join(dataDir, 'next-example.sqlite')
  const db = new Database(databasePath)
  await migrate(db)
  db.close()
  const url = `http://${host}:${port}`
  const publicUrl = `http://${options.publicHost ?? host}:${port}`
  const idp = await startDemoIdp()
  idp.setRedirectUris([`${publicUrl}/api/auth/callback/demo-idp`])
  const provider = idp.provider as { clientId: string; clientSecret: string }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    AUTH_URL: `${publicUrl}/api/auth`,
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'example-only-secret-change-me-0123456789abcdef',
    AUTH_DEMO_IDP_ISSUER: idp.issuer,
    AUTH_DEMO_IDP_ID: provider.clientId,
    AUTH_DEMO_IDP_SECRET: provider.clientSecret,
    EXAMPLE_DATABASE: databasePath,
  }
  const child = run([options.dev ? 'dev' : 'start', '-p', String(port), '-H', host], env, log)
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 60_000
    const poll = () => {
      if (child.exitCode !== null) return reject(new Error(`next exited with ${child.exitCode}`))
      fetch(`${url}/api/auth/providers`)
        .then((r) => (r.ok ? resolve() : setTimeout(poll, 200)))
        .catch(() =>
          Date.now() > deadline ? reject(new Error('next did not start')) : setTimeout(poll, 200),
        )
    }
    poll()
  })
  return {
    url,
    databasePath,
    async close() {
      child.kill('SIGTERM')
      await idp.close()
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dev = process.argv.includes('--dev')
  if (!dev && !existsSync(join(appDir, '.next', 'BUILD_ID')))
    await buildNextExample((l) => process.stdout.write(l))
  const example = await startNextExample({ port: Number(process.env.PORT ?? 3001), dev })
  console.log(`Gatehouse Next.js example on ${example.url}`)
}
