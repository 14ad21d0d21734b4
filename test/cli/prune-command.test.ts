/**
 * `gatehouse-auth prune` and the SQL adapters' `pruneEvery` against real SQLite, PostgreSQL and MariaDB: expired sessions
 * and sign-in tokens go, live ones stay, counts are reported; a database behind on migrations is refused.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'
import * as mysqlAdapter from '../../src/adapters/mysql.js'
import * as postgresAdapter from '../../src/adapters/postgres.js'
import * as sqliteAdapter from '../../src/adapters/sqlite.js'
import type { SqlAdapter } from '../../src/adapters/sql/kysely-adapter.js'
import { pruneCommand } from '../../src/cli/prune-command.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
} from '../support/test-databases.js'

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-prune-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function io() {
  const lines: string[] = []
  return { lines, out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(`ERR ${l}`) }
}

const hour = 3_600_000

/** Two expired and one live session, one expired and one live token; returns how to count what is left. */
async function seed(adapter: SqlAdapter) {
  const user = await adapter.createUser({
    id: '',
    email: `prune-${Date.now()}@example.com`,
    emailVerified: null,
  })
  const past = new Date(Date.now() - hour)
  const future = new Date(Date.now() + hour)
  await adapter.createSession({ sessionToken: 'expired-1', userId: user.id, expires: past })
  await adapter.createSession({ sessionToken: 'expired-2', userId: user.id, expires: past })
  await adapter.createSession({ sessionToken: 'live', userId: user.id, expires: future })
  await adapter.createVerificationToken({ identifier: 'a@example.com', token: 'old', expires: past })
  await adapter.createVerificationToken({ identifier: 'b@example.com', token: 'new', expires: future })
  return {
    async left() {
      const sessions = await Promise.all(
        ['expired-1', 'expired-2', 'live'].map(async (t) => adapter.getSessionAndUser(t)),
      )
      return sessions.filter(Boolean).map((s) => s!.session.sessionToken)
    },
  }
}

describe('gatehouse-auth prune', () => {
  it('deletes expired sessions and tokens from SQLite, keeps live ones, and reports the counts', async () => {
    const file = join(dir, 'prune.db')
    const db = new Database(file)
    await sqliteAdapter.migrate(db)
    const adapter = sqliteAdapter.SQLiteAdapter(db)
    const seeded = await seed(adapter)
    const out = io()
    expect(await pruneCommand(['--database', `file:${file}`], out)).toBe(0)
    expect(out.lines).toEqual([
      `file:${file}: deleted 2 expired session(s), 1 expired sign-in token(s) and 0 expired counter(s) and used value(s).`,
    ])
    expect(await seeded.left()).toEqual(['live'])
    // The live token is still usable; the expired one is gone.
    expect(await adapter.useVerificationToken({ identifier: 'a@example.com', token: 'old' })).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: 'b@example.com', token: 'new' })).not.toBeNull()
    db.close()
  })

  it('refuses a database behind on migrations, and bad arguments', async () => {
    const file = join(dir, 'empty.db')
    const out = io()
    expect(await pruneCommand(['-d', `file:${file}`], out)).toBe(1)
    expect(out.lines.join('\n')).toMatch(/run `gatehouse-auth migrate` first/)
    expect(await pruneCommand(['--nope'], io())).toBe(2)
    expect(await pruneCommand(['-d', 'mongodb://x'], io())).toBe(2)
  })

  it('runs as `npx gatehouse-auth prune`', async () => {
    const file = join(dir, 'cli.db')
    const db = new Database(file)
    await sqliteAdapter.migrate(db)
    db.close()
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'prune', '--database', `file:${file}`],
      { cwd: process.cwd() },
    )
    expect(stdout).toContain(
      'deleted 0 expired session(s), 0 expired sign-in token(s) and 0 expired counter(s) and used value(s).',
    )
  })

  it('prunes PostgreSQL by URL', async (ctx) => {
    if (!(await databaseAvailable('postgres'))) ctx.skip('PostgreSQL is unreachable')
    const pg = await freshPostgres()
    try {
      await postgresAdapter.migrate(pg.pool)
      const seeded = await seed(postgresAdapter.PostgresAdapter(pg.pool))
      const url = new URL(POSTGRES_URL)
      url.searchParams.set('options', `-c search_path=${pg.schema}`)
      const out = io()
      expect(await pruneCommand(['-d', url.href], out)).toBe(0)
      expect(out.lines[0]).toMatch(
        /deleted 2 expired session\(s\), 1 expired sign-in token\(s\) and 0 expired counter\(s\) and used value\(s\)\.$/,
      )
      expect(await seeded.left()).toEqual(['live'])
    } finally {
      await pg.drop()
    }
  })

  it('prunes MariaDB by URL', async (ctx) => {
    if (!(await databaseAvailable('mariadb'))) ctx.skip('MariaDB is unreachable')
    const maria = await freshMariaDb()
    try {
      await mysqlAdapter.migrate(maria.pool)
      const seeded = await seed(mysqlAdapter.MySQLAdapter(maria.pool))
      const url = new URL(MARIADB_URL)
      url.pathname = `/${maria.database}`
      const out = io()
      expect(await pruneCommand(['-d', url.href], out)).toBe(0)
      expect(out.lines[0]).toMatch(
        /deleted 2 expired session\(s\), 1 expired sign-in token\(s\) and 0 expired counter\(s\) and used value\(s\)\.$/,
      )
      expect(await seeded.left()).toEqual(['live'])
    } finally {
      await maria.drop()
    }
  })
})

describe('pruneEvery on a SQL adapter', () => {
  it('prunes on its interval, reports each run, and stops with stopPruning()', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const db = new Database(':memory:')
      await sqliteAdapter.migrate(db)
      const outcomes: unknown[] = []
      const adapter = sqliteAdapter.SQLiteAdapter(db, {
        pruneEvery: 60_000,
        onPrune: (outcome) => outcomes.push(outcome),
      })
      const seeded = await seed(adapter)
      await vi.advanceTimersByTimeAsync(60_000)
      await vi.waitFor(() => expect(outcomes).toHaveLength(1))
      expect(outcomes[0]).toEqual({
        deleted: {
          sessions: 2,
          verificationTokens: 1,
          sharedState: 0,
          sessionRevocations: 0,
          auditEvents: 0,
        },
      })
      expect(await seeded.left()).toEqual(['live'])
      adapter.stopPruning()
      db.close()
      // A closed database would make the next run fail: stopped, there is none.
      await vi.advanceTimersByTimeAsync(120_000)
      expect(outcomes).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reports a failing run without throwing, and keeps going', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const db = new Database(':memory:')
      const outcomes: Array<{ error?: unknown; deleted?: unknown }> = []
      // No tables: every run fails.
      const adapter = sqliteAdapter.SQLiteAdapter(db, {
        pruneEvery: 1000,
        onPrune: (outcome) => outcomes.push(outcome),
      })
      await vi.advanceTimersByTimeAsync(1000)
      await vi.waitFor(() => expect(outcomes).toHaveLength(1))
      await vi.advanceTimersByTimeAsync(1000)
      await vi.waitFor(() => expect(outcomes).toHaveLength(2))
      expect(outcomes.every((o) => o.error instanceof Error)).toBe(true)
      adapter.stopPruning()
      db.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses an interval under a second, and does nothing without one', () => {
    const db = new Database(':memory:')
    expect(() => sqliteAdapter.SQLiteAdapter(db, { pruneEvery: 10 })).toThrow(/at least 1000/)
    expect(() => sqliteAdapter.SQLiteAdapter(db).stopPruning()).not.toThrow()
    db.close()
  })
})
