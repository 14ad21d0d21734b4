import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { migrations } from '../../src/adapters/sql/migrations.js'
import { migrateCommand } from '../../src/cli/migrate-command.js'
import { sqlitePath } from '../../src/cli/open-database.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
} from '../support/test-databases.js'

/** The newest schema version, read from the list (kept in order of version). */
const latest = Math.max(...migrations.map((m) => m.version))

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-migrate-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function io() {
  const lines: string[] = []
  return { lines, out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(`ERR ${l}`) }
}

describe('gatehouse-auth migrate', () => {
  it('--check says a new database is behind (exit 1), migrate brings it up to date, again is a no-op', async () => {
    const url = `file:${join(dir, 'a.db')}`
    const check = io()
    expect(await migrateCommand(['--database', url, '--check'], check)).toBe(1)
    expect(check.lines.join('\n')).toMatch(new RegExp(`behind: at version 0, this Gatehouse needs ${latest}`))
    const run = io()
    expect(await migrateCommand(['--database', url], run)).toBe(0)
    expect(run.lines).toContain('applied migration 1.')
    const again = io()
    expect(await migrateCommand([`--database=${url}`], again)).toBe(0)
    expect(again.lines).toEqual([`${url}: up to date (version ${latest}).`])
    expect(await migrateCommand(['--database', url, '--check'], io())).toBe(0)
    const db = new Database(sqlitePath(url))
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
    db.close()
    expect(tables.map((t) => (t as { name: string }).name)).toEqual([
      'accounts',
      'audit_events',
      'authenticators',
      'gatehouse_migrations',
      'gatehouse_shared_state',
      'jwt_sessions',
      'passwords',
      'session_generations',
      'session_revocations',
      'sessions',
      'two_factor',
      'users',
      'verification_token',
    ])
  })

  it('refuses unknown URLs and missing --database with exit 2', async () => {
    const out = io()
    const saved = process.env.DATABASE_URL
    delete process.env.DATABASE_URL
    try {
      expect(await migrateCommand([], out)).toBe(2)
      expect(await migrateCommand(['--database', 'mongodb://x'], out)).toBe(2)
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved
    }
    expect(out.lines.join('\n')).toContain('postgres://, mysql://')
  })

  it('parses file: URLs, relative and absolute', () => {
    expect(sqlitePath('file:./data/auth.db')).toBe('./data/auth.db')
    expect(sqlitePath('file:///var/lib/auth%20db.sqlite')).toBe('/var/lib/auth db.sqlite')
  })

  it('runs as `npx gatehouse-auth migrate`; two processes at once on one SQLite file apply it once', async () => {
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'migrate', '--database', `file:${join(dir, 'cli.db')}`],
        { cwd: process.cwd() },
      )
    const outputs = await Promise.all([run(), run()])
    for (const { stdout } of outputs) expect(stdout).toContain(`up to date (version ${latest})`)
    expect(outputs.filter(({ stdout }) => stdout.includes('applied migration 1.'))).toHaveLength(1)
  })

  // Each server its own case, reported as skipped on a laptop without it (databaseAvailable throws in CI).
  it('migrates PostgreSQL by URL, concurrently and once', async (ctx) => {
    if (!(await databaseAvailable('postgres'))) ctx.skip('PostgreSQL is unreachable')
    const pg = await freshPostgres()
    try {
      const url = new URL(POSTGRES_URL)
      url.searchParams.set('options', `-c search_path=${pg.schema}`)
      const runs = await Promise.all(
        [io(), io(), io()].map(async (o) => ({ code: await migrateCommand(['-d', url.href], o), o })),
      )
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0])
      expect(runs.flatMap((r) => r.o.lines).filter((l) => l === 'applied migration 1.')).toHaveLength(1)
    } finally {
      await pg.drop()
    }
  })

  it('migrates MariaDB by URL, concurrently and once', async (ctx) => {
    if (!(await databaseAvailable('mariadb'))) ctx.skip('MariaDB is unreachable')
    const maria = await freshMariaDb()
    try {
      const url = new URL(MARIADB_URL)
      url.pathname = `/${maria.database}`
      const runs = await Promise.all(
        [io(), io(), io()].map(async (o) => ({ code: await migrateCommand(['-d', url.href], o), o })),
      )
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0])
      expect(runs.flatMap((r) => r.o.lines).filter((l) => l === 'applied migration 1.')).toHaveLength(1)
      expect(await migrateCommand(['-d', url.href, '--check'], io())).toBe(0)
    } finally {
      await maria.drop()
    }
  })
})
