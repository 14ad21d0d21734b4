/**
 * Issue #26: a process set up as the README shows died when PostgreSQL restarted. The server ends every idle pooled
 * connection (57P01 "terminating connection due to administrator command"), pg re-emits that as an 'error' event
 * on the pool, and with nobody listening Node exits. mysql2 removed a killed connection without a word. Without
 * restarting the shared servers, the same is done here from an admin session (`pg_terminate_backend`, `KILL`) to
 * the idle connections of a child process, which must survive, log the burst once, and answer the next query.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createPool } from 'mysql2'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import * as mysqlAdapter from '../../src/adapters/mysql.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
} from '../support/test-databases.js'

const fixture = fileURLToPath(new URL('./pool-restart-child.ts', import.meta.url))
const BURST_LINE = '[gatehouse] The database closed pooled connections'

/** A database with a way to end every connection of one client from an admin session. */
interface Target {
  /** The DATABASE_URL the child connects with. */
  url: string
  /** Ends the client's connections; resolves with how many, once the server no longer lists them. */
  endConnections: () => Promise<number>
  drop: () => Promise<void>
}

async function waitUntil(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function postgresTarget(): Promise<Target> {
  const fresh = await freshPostgres()
  const application = `gh_pool_${process.pid}_${crypto.randomUUID().slice(0, 8)}`
  const url = new URL(POSTGRES_URL)
  url.searchParams.set('application_name', application)
  url.searchParams.set('options', `-c search_path=${fresh.schema}`)
  const listed = async () =>
    (
      await fresh.pool.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [application],
      )
    ).rows
  return {
    url: url.href,
    async endConnections() {
      const pids = (await listed()).map((r) => r.pid)
      await fresh.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids])
      await waitUntil(async () => (await listed()).length === 0, 'the terminated backends to go')
      return pids.length
    },
    drop: fresh.drop,
  }
}

async function mariadbTarget(): Promise<Target> {
  const fresh = await freshMariaDb()
  const url = new URL(MARIADB_URL)
  url.pathname = `/${fresh.database}`
  // Only the child connects to the fresh database: its connections are those the server lists under it.
  const admin = createPool({ uri: MARIADB_URL, connectionLimit: 1 }).promise()
  const listed = async () =>
    (
      await admin.query('SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ?', [fresh.database])
    )[0] as Array<{ ID: number }>
  return {
    url: url.href,
    async endConnections() {
      const ids = (await listed()).map((r) => Number(r.ID))
      for (const id of ids) await admin.query(`KILL CONNECTION ${id}`)
      await waitUntil(async () => (await listed()).length === 0, 'the killed connections to go')
      return ids.length
    },
    async drop() {
      await admin.end()
      await fresh.drop()
    },
  }
}

/** The child of pool-restart-child.ts, its output kept, its lines awaitable. */
function startChild(kind: 'postgres' | 'mysql', url: string) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fixture, kind], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: url },
  })
  let stdout = ''
  let stderr = ''
  const waiters: Array<() => void> = []
  const changed = () => waiters.splice(0).forEach((wake) => wake())
  child.stdout!.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), changed()))
  child.stderr!.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), changed()))
  child.once('exit', changed)
  /** Resolves when `seen()` holds, or rejects when the child exits first or 10 s pass. */
  const until = (seen: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} within 10 s; output: ${stdout}${stderr}`)),
        10_000,
      )
      const look = () => {
        if (seen()) return (clearTimeout(timer), resolve())
        if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer)
          return reject(
            new Error(`the child exited (${child.exitCode ?? child.signalCode}): ${stdout}${stderr}`),
          )
        }
        waiters.push(look)
      }
      look()
    })
  const lines = () => stdout.split('\n').filter(Boolean)
  return {
    child,
    lines,
    stderr: () => stderr,
    ready: () => until(() => lines().includes('ready'), 'ready'),
    burstLogged: () => until(() => stderr.includes(BURST_LINE), 'log line for the burst'),
    async check(): Promise<string> {
      const before = lines().length
      child.stdin!.write('check\n')
      await until(() => lines().length > before, 'answer to check')
      return lines()[before]!
    },
  }
}

const cases = [
  { name: 'PostgreSQL (pg pool, pg_terminate_backend)', kind: 'postgres', target: postgresTarget },
  { name: 'MariaDB (mysql2 pool, KILL)', kind: 'mysql', target: mariadbTarget },
] as const
const available = {
  postgres: await databaseAvailable('postgres'),
  mysql: await databaseAvailable('mariadb'),
}

for (const { name, kind, target } of cases) {
  describe.skipIf(!available[kind])(`a pooled adapter when the server ends its connections: ${name}`, () => {
    const cleanups: Array<() => Promise<void> | void> = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    it('a process set up as the README shows survives, logs the burst once, and answers the next query', async () => {
      const db = await target()
      cleanups.push(db.drop)
      const run = startChild(kind, db.url)
      cleanups.push(() => void run.child.kill())
      await run.ready()
      expect(await db.endConnections()).toBeGreaterThanOrEqual(3)
      await run.burstLogged()
      expect(await run.check()).toBe('ok')
      expect(await run.check()).toBe('ok')
      expect(run.child.exitCode).toBeNull()
      expect(run.stderr().split(BURST_LINE).length - 1).toBe(1)
    })

    it('reports the burst through onConnectionError, once, with the server’s error', async () => {
      const db = await target()
      cleanups.push(db.drop)
      const reported: Error[] = []
      const onConnectionError = (error: Error) => void reported.push(error)
      const url = db.url
      let adapter: ReturnType<typeof postgresAdapter.PostgresAdapter>
      // Whether the pool has let go of every connection the server ended (pg drops each as its notice is read).
      let drained = () => true
      if (kind === 'postgres') {
        const pool = new pg.Pool({ connectionString: url })
        drained = () => pool.totalCount === 0
        cleanups.push(() => pool.end())
        adapter = postgresAdapter.PostgresAdapter(pool, { onConnectionError })
        await postgresAdapter.migrate(pool)
      } else {
        const pool = createPool({ uri: url, timezone: 'Z' })
        cleanups.push(() => pool.promise().end())
        adapter = mysqlAdapter.MySQLAdapter(pool, { onConnectionError })
        await mysqlAdapter.migrate(pool)
      }
      await Promise.all([1, 2, 3].map(async () => await adapter.getSessionAndUser('unknown')))
      expect(await db.endConnections()).toBeGreaterThanOrEqual(3)
      await waitUntil(() => Promise.resolve(reported.length > 0), 'the hook to be called')
      // On a loaded machine the first notice can be reported before the pool has read the others; a query handed a
      // connection whose notice is still unread fails on its own (as the adapter's comment says), so the next query
      // is asked once the pool has dropped them all.
      await waitUntil(() => Promise.resolve(drained()), 'the pool to drop the ended connections')
      expect(await adapter.getSessionAndUser('unknown')).toBeNull()
      expect(reported).toHaveLength(1)
      expect(reported[0]!.message).toMatch(
        kind === 'postgres' ? /terminating connection due to administrator command/ : /closed the connection/,
      )
    })
  })
}
