/**
 * A fresh application folder for a documented quick start: Gatehouse installed from the packed tarball (`npm pack`
 * of this repository, as the registry would serve it), every other package (Next.js, Express, Hono, tsx) from this
 * repository's `node_modules`, nothing fetched. The folder lives under `.quick-start/` in the repository (git-ignored)
 * so that Node, TypeScript and Next.js find those packages by walking up, as they would in a monorepo.
 *
 * @module
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, rmdir, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { root, userDocs, type CodeBlock } from '../docs/markdown-blocks.js'

const run = promisify(execFile)

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** The blocks of a page's `## Quick start` section, in order. */
export function quickStartBlocks(page: string): CodeBlock[] {
  const found = userDocs().find((p) => p.path === page)
  if (!found) throw new Error(`no page ${page}`)
  const blocks = found.blocks.filter((b) => b.section === 'quick-start')
  if (blocks.length === 0) throw new Error(`${page} has no code under "## Quick start"`)
  return blocks
}

/** The environment of a quick-start process: this one's, without any `AUTH_*` the test runner might have. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // (`NodeJS.ProcessEnv` as the SvelteKit example's ambient types declare it says NODE_ENV is always there.)
  const env: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('AUTH_') && !key.startsWith('NEXTAUTH_') && key !== 'NODE_ENV') env[key] = value
  return {
    ...env,
    NEXT_TELEMETRY_DISABLED: '1',
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    ...extra,
  } as unknown as NodeJS.ProcessEnv
}

let packed: Promise<string> | undefined

/** `npm pack` of this repository (its `dist/`, as `files` says), once per test process. */
function packOnce(): Promise<string> {
  packed ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gatehouse-pack-'))
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
      cwd: root,
      env: cleanEnv(),
    })
    return join(dir, stdout.trim().split('\n').pop()!)
  })()
  return packed
}

/** A fresh application folder. */
export interface QuickStartApp {
  dir: string
  /** Writes a file of the app (folders made as needed). */
  write(path: string, text: string): Promise<void>
  /** Runs one shell line of the docs in the app, with its bins on the `PATH`; rejects on a non-zero exit. */
  shell(line: string, env?: Record<string, string>): Promise<string>
  /** Starts a long-running shell line (a server), in its own process group. */
  start(line: string, env: Record<string, string>, onOutput: (text: string) => void): ChildProcess
  /** Ends what `start` started (its process group) and removes the folder. */
  remove(): Promise<void>
}

/**
 * A new application folder under `.quick-start/`: `npm install gatehouse-auth` done from the packed tarball (the
 * package in `node_modules/gatehouse-auth`, its bin in `node_modules/.bin`), and the given bins of this repository
 * linked beside it, as `npm install` of those packages would leave them.
 */
export async function createQuickStartApp(name: string, bins: readonly string[]): Promise<QuickStartApp> {
  await mkdir(join(root, '.quick-start'), { recursive: true })
  const dir = await mkdtemp(join(root, '.quick-start', `${name}-`))
  const installed = join(dir, 'node_modules/gatehouse-auth')
  await mkdir(installed, { recursive: true })
  await run('tar', ['-xzf', await packOnce(), '-C', installed, '--strip-components=1'])
  const binDir = join(dir, 'node_modules/.bin')
  await mkdir(binDir, { recursive: true })
  // As `npm install` links a package's bin: executable, under node_modules/.bin.
  await chmod(join(installed, 'dist/cli/main.js'), 0o755)
  await symlink('../gatehouse-auth/dist/cli/main.js', join(binDir, 'gatehouse-auth'))
  for (const bin of bins) await symlink(join(root, 'node_modules/.bin', bin), join(binDir, bin))
  const children: ChildProcess[] = []
  const pathEnv = (env: Record<string, string>) => cleanEnv({ PATH: `${binDir}:${process.env.PATH}`, ...env })
  return {
    dir,
    async write(path, text) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), text)
    },
    async shell(line, env = {}) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', line], { cwd: dir, env: pathEnv(env) })
      return stdout
    },
    start(line, env, onOutput) {
      const child = spawn('bash', ['-euo', 'pipefail', '-c', `exec ${line}`], {
        cwd: dir,
        env: pathEnv(env),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      })
      child.stdout?.on('data', (d: Buffer) => onOutput(d.toString()))
      child.stderr?.on('data', (d: Buffer) => onOutput(d.toString()))
      children.push(child)
      return child
    },
    async remove() {
      for (const child of children) {
        if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve))
          try {
            process.kill(-child.pid, 'SIGTERM')
          } catch {
            // already gone
          }
          await exited
        }
      }
      await rm(dir, { recursive: true, force: true })
      // The parent goes too once no other suite has an app in it.
      await rmdir(join(root, '.quick-start')).catch(() => {})
    },
  }
}

/** Resolves when the process prints a line matching `pattern`; rejects when it exits first or after `ms`. */
export function waitForOutput(
  what: string,
  child: ChildProcess,
  pattern: RegExp,
  output: () => string,
  ms = 90_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`${what}: nothing matching ${pattern} after ${ms} ms:\n${output()}`)),
      ms,
    )
    let settled = false
    const check = () => {
      if (!settled && pattern.test(output())) done()
    }
    const onData = () => setImmediate(check)
    const exited = (code: number | null) =>
      done(new Error(`${what}: the process exited (${code}):\n${output()}`))
    function done(error?: Error) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.stderr?.off('data', onData)
      child.off('exit', exited)
      if (error) reject(error)
      else resolve()
    }
    // After the suite's own listeners (which collect the output) have run for the same chunk.
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', exited)
    check()
  })
}

/** Writes every block of a quick start that names a file into the app; returns the files written. */
export async function writeNamedBlocks(app: QuickStartApp, blocks: readonly CodeBlock[]): Promise<string[]> {
  const files: string[] = []
  for (const block of blocks) {
    if (block.file === undefined) continue
    await app.write(block.file, block.code)
    files.push(block.file)
  }
  return files
}
