/**
 * `npm run example:sveltekit`: the SvelteKit example on http://localhost:3002 with the Demo IdP (a local OpenID
 * provider) started beside it. It builds with `vite build` and adapter-node when there is no build yet (`--build`
 * rebuilds), then runs `node build`. Also used by the Chromium suite, which builds and starts it on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDemoIdp } from '../demo/demo-idp.js'

const appDir = fileURLToPath(new URL('.', import.meta.url))
const viteBin = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url))

/** A running example. */
export interface RunningSvelteKitExample {
  url: string
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
  const child = spawn(process.execPath, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d: Buffer) => log(d.toString()))
  child.stderr?.on('data', (d: Buffer) => log(d.toString()))
  return child
}

/** `vite build` (with adapter-node) in the example folder; rejects (with its output) when the build fails. */
export function buildSvelteKitExample(log: (line: string) => void = () => {}): Promise<void> {
  let output = ''
  const child = run([viteBin, 'build'], { ...process.env, NODE_ENV: 'production' }, (line) => {
    output += line
    log(line)
  })
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed:\n${output}`)))),
  )
}

/** Starts the built example (`node build`) with the Demo IdP. */
export async function startSvelteKitExample(
  options: { port?: number; host?: string; log?: (line: string) => void } = {},
): Promise<RunningSvelteKitExample> {
  const host = options.host ?? 'localhost'
  const port = options.port ?? (await freePort())
  const log = options.log ?? ((line: string) => process.stdout.write(line))
  const url = `http://${host}:${port}`
  const idp = await startDemoIdp()
  idp.setRedirectUris([`${url}/auth/callback/demo-idp`])
  const provider = idp.provider as { clientId: string; clientSecret: string }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // adapter-node: where it listens, and the origin kit checks form posts against.
    HOST: host === 'localhost' ? '127.0.0.1' : host,
    PORT: String(port),
    ORIGIN: url,
    AUTH_URL: url,
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'example-only-secret-change-me-0123456789abcdef',
    AUTH_DEMO_IDP_ISSUER: idp.issuer,
    AUTH_DEMO_IDP_ID: provider.clientId,
    AUTH_DEMO_IDP_SECRET: provider.clientSecret,
  }
  const child = run([join(appDir, 'build', 'index.js')], env, log)
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 60_000
    const poll = () => {
      if (child.exitCode !== null) return reject(new Error(`node build exited with ${child.exitCode}`))
      fetch(`${url}/auth/providers`)
        .then((r) => (r.ok ? resolve() : setTimeout(poll, 200)))
        .catch(() =>
          Date.now() > deadline ? reject(new Error('the example did not start')) : setTimeout(poll, 200),
        )
    }
    poll()
  })
  return {
    url,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (child.exitCode === null) child.kill('SIGTERM')
      await Promise.all([child.exitCode === null ? exited : undefined, idp.close()])
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--build') || !existsSync(join(appDir, 'build', 'index.js')))
    await buildSvelteKitExample((l) => process.stdout.write(l))
  const example = await startSvelteKitExample({ port: Number(process.env.PORT ?? 3002) })
  console.log(`Gatehouse SvelteKit example on ${example.url}`)
}
