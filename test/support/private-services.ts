/**
 * A PostgreSQL and a Redis of a test's own, in a temporary folder on free loopback ports, that the test may stop,
 * restart and delete: the shared servers other test files use are never touched. PostgreSQL runs as the `postgres`
 * system user (initdb refuses root) through `runuser` when this process is root.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A free TCP port on loopback (taken and released; good enough for a test). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The folder of PostgreSQL's server programs (the newest installed), or `undefined`. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

/** Whether private servers can be started here (the programs exist). */
export function privateServicesAvailable(): { ok: true } | { ok: false; why: string } {
  if (postgresBin() === undefined)
    return { ok: false, why: 'no PostgreSQL server programs under /usr/lib/postgresql' }
  if (!existsSync('/usr/bin/redis-server')) return { ok: false, why: 'no /usr/bin/redis-server' }
  return { ok: true }
}

export interface PrivatePostgres {
  url: string
  port: number
  start(): Promise<void>
  /** A fast shutdown: every connection is ended (57P01), as in `pg_ctlcluster … restart`. */
  stop(): Promise<void>
  /** Stops the server and deletes its folder. */
  remove(): Promise<void>
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin()!
  const dir = mkdtempSync(join(tmpdir(), 'gh-private-pg-'))
  const data = join(dir, 'data')
  const asRoot = userInfo().uid === 0
  if (asRoot) chownSync(dir, ...(await postgresIds()))
  const as = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args)
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`
  const ctl = (args: string[]) => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args])
  let running = false
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await ctl(['-o', options, '-w', '-t', '20', 'start'])
      running = true
    },
    async stop() {
      running = false
      await ctl(['-m', 'fast', '-w', 'stop'])
    },
    async remove() {
      if (running) await server.stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await server.start()
  return server
}

async function postgresIds(): Promise<[number, number]> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ])
  return [Number(uid.trim()), Number(gid.trim())]
}

export interface PrivateRedis {
  url: string
  start(): Promise<void>
  /** SIGTERM: Redis writes its append-only file and exits; used values and counters survive the restart. */
  stop(): Promise<void>
  remove(): Promise<void>
}

export async function privateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'gh-private-redis-'))
  const port = await freePort()
  let child: ChildProcess | undefined
  const server: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const proc = spawn(
        '/usr/bin/redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      child = proc
      await new Promise<void>((resolve, reject) => {
        let out = ''
        proc.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes('Ready to accept connections')) resolve()
        })
        proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)))
      })
    },
    async stop() {
      const proc = child
      child = undefined
      if (!proc || proc.exitCode !== null) return
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve())
        proc.kill('SIGTERM')
      })
    },
    async remove() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await server.start()
  return server
}
