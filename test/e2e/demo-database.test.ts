/** The demo on SQLite (created and migrated on first start) and on DATABASE_URL, with database sessions. */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { startDemo } from '../../examples/demo/server.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { CookieJar, csrfToken, form, jarFetch } from '../support/cookie-jar.js'
import {
  MARIADB_URL,
  POSTGRES_URL,
  databaseAvailable,
  freshMariaDb,
  freshPostgres,
} from '../support/test-databases.js'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function signInAsAlice(url: string): Promise<CookieJar> {
  const jar = new CookieJar()
  const csrf = await csrfToken(jar, url)
  const res = await jarFetch(
    jar,
    `${url}/auth/callback/credentials`,
    form({ csrfToken: csrf, email: 'alice@example.com', password: 'rabbit-hole-42' }),
  )
  expect(res.status).toBe(302)
  return jar
}

describe('demo database', () => {
  it('creates demo.sqlite on first start, signs in with a hashed database session, and reuses it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-db-'))
    dirs.push(dataDir)
    const logs: string[] = []
    const first = await startDemo({ port: 0, host: '127.0.0.1', dataDir, env: {}, log: (l) => logs.push(l) })
    let token: string
    try {
      expect(logs.join('\n')).toContain('demo.sqlite')
      const jar = await signInAsAlice(first.url)
      token = jar.get('authjs.session-token')!
      expect(token).toMatch(/^[\w-]{43}$/)
      const session = (await (await jarFetch(jar, `${first.url}/auth/session`)).json()) as {
        user: { email: string }
      }
      expect(session.user.email).toBe('alice@example.com')
    } finally {
      await first.close()
    }
    await stat(join(dataDir, 'demo.sqlite'))
    const db = new Database(join(dataDir, 'demo.sqlite'), { readonly: true })
    const users = db.prepare('SELECT id, email FROM users ORDER BY email').all() as Array<{ id: string }>
    const row = db
      .prepare('SELECT "userId" FROM sessions WHERE "sessionToken" = ?')
      .get(hashSessionToken(token))
    db.close()
    expect(users).toHaveLength(2)
    expect(row).toEqual({ userId: users[0]!.id })

    // A restart keeps users, password hashes and sessions.
    const second = await startDemo({ port: 0, host: '127.0.0.1', dataDir, env: {}, log: () => {} })
    try {
      const jar = new CookieJar()
      jar.values.set('authjs.session-token', token)
      const session = (await (await jarFetch(jar, `${second.url}/auth/session`)).json()) as {
        user: { email: string }
      }
      expect(session.user.email).toBe('alice@example.com')
    } finally {
      await second.close()
    }
  })

  it('uses DATABASE_URL when set (PostgreSQL)', async (ctx) => {
    // Reported as skipped on a laptop without the server (databaseAvailable throws in CI), never as passed.
    if (!(await databaseAvailable('postgres'))) ctx.skip('PostgreSQL is unreachable')
    const pg = await freshPostgres()
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-pg-'))
    dirs.push(dataDir)
    const url = new URL(POSTGRES_URL)
    url.searchParams.set('options', `-c search_path=${pg.schema}`)
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      env: { DATABASE_URL: url.href },
      log: () => {},
    })
    try {
      await signInAsAlice(demo.url)
      const { rows } = await pg.pool.query('SELECT count(*)::int AS n FROM sessions')
      expect(rows).toEqual([{ n: 1 }])
      await expect(stat(join(dataDir, 'demo.sqlite'))).rejects.toThrow(/ENOENT/)
    } finally {
      await demo.close()
      await pg.drop()
    }
  })

  it('uses DATABASE_URL when set (MariaDB)', async (ctx) => {
    if (!(await databaseAvailable('mariadb'))) ctx.skip('MariaDB is unreachable')
    const maria = await freshMariaDb()
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-maria-'))
    dirs.push(dataDir)
    const url = new URL(MARIADB_URL)
    url.pathname = `/${maria.database}`
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      env: { DATABASE_URL: url.href },
      log: () => {},
    })
    try {
      await signInAsAlice(demo.url)
      const [rows] = await maria.pool.promise().query('SELECT count(*) AS n FROM sessions')
      expect(Number((rows as Array<{ n: number }>)[0]!.n)).toBe(1)
    } finally {
      await demo.close()
      await maria.drop()
    }
  })

  it('reads a percent-encoded file: URL as `gatehouse migrate` does', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-demo-file-'))
    dirs.push(dataDir)
    const file = join(dataDir, 'sub dir', 'auth.db')
    const demo = await startDemo({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      env: { DATABASE_URL: `file://${encodeURI(file)}` },
      log: () => {},
    })
    try {
      await signInAsAlice(demo.url)
      expect((await stat(file)).isFile()).toBe(true)
      const db = new Database(file, { readonly: true })
      try {
        expect(db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 1 })
      } finally {
        db.close()
      }
    } finally {
      await demo.close()
    }
  })
})
