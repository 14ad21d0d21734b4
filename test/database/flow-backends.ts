import PgAdapter from '@auth/pg-adapter'
import type pg from 'pg'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { MySQLAdapter, migrate as migrateMysql } from '../../src/adapters/mysql.js'
import { PostgresAdapter, migrate as migratePostgres } from '../../src/adapters/postgres.js'
import { SQLiteAdapter, migrate as migrateSqlite } from '../../src/adapters/sqlite.js'
import { freshMariaDb, freshPostgres, freshSqlite } from '../support/test-databases.js'
import type { FlowBackend, SessionRows } from './session-flow-scenarios.js'

/** The memory adapter, rows read from its store. */
export const memoryBackend: FlowBackend = {
  name: 'memory',
  setup() {
    const adapter = MemoryAdapter()
    const { sessions } = adapter.store
    const rows: SessionRows = {
      row: (t) => sessions.get(t) ?? null,
      setExpires: (t, expires) => void sessions.set(t, { ...sessions.get(t)!, expires }),
      insert: (s) => void sessions.set(s.sessionToken, s),
    }
    return Promise.resolve({ adapter, rows, teardown: () => {} })
  },
}

/** SQLiteAdapter on an in-memory database. */
export const sqliteBackend: FlowBackend = {
  name: 'sqlite',
  async setup() {
    const db = freshSqlite()
    await migrateSqlite(db)
    const rows: SessionRows = {
      row(t) {
        const r = db.prepare('SELECT "userId", expires FROM sessions WHERE "sessionToken" = ?').get(t) as
          { userId: string; expires: number } | undefined
        return r ? { userId: r.userId, expires: new Date(r.expires) } : null
      },
      setExpires: (t, e) =>
        void db.prepare('UPDATE sessions SET expires = ? WHERE "sessionToken" = ?').run(e.getTime(), t),
      insert: (s) =>
        void db
          .prepare('INSERT INTO sessions (id, "userId", expires, "sessionToken") VALUES (?, ?, ?, ?)')
          .run(crypto.randomUUID(), s.userId, s.expires.getTime(), s.sessionToken),
    }
    return { adapter: SQLiteAdapter(db), rows, teardown: () => void db.close() }
  },
}

function postgresRows(pool: pg.Pool): SessionRows {
  return {
    async row(t) {
      const { rows } = await pool.query<{ userId: string; expires: Date }>(
        'SELECT "userId", expires FROM sessions WHERE "sessionToken" = $1',
        [t],
      )
      const r = rows[0]
      return r ? { userId: String(r.userId), expires: r.expires } : null
    },
    setExpires: async (t, e) =>
      void (await pool.query('UPDATE sessions SET expires = $1 WHERE "sessionToken" = $2', [e, t])),
    insert: async (s) =>
      void (await pool.query('INSERT INTO sessions ("userId", expires, "sessionToken") VALUES ($1, $2, $3)', [
        s.userId,
        s.expires,
        s.sessionToken,
      ])),
  }
}

/** PostgresAdapter (Gatehouse's) on a fresh schema of the local server. */
export const postgresBackend: FlowBackend = {
  name: 'postgres',
  async setup() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    return { adapter: PostgresAdapter(pool), rows: postgresRows(pool), teardown: drop }
  },
}

/** The third-party `@auth/pg-adapter`, unchanged, on a schema made by Gatehouse's migration. */
export const authPgAdapterBackend: FlowBackend = {
  name: '@auth/pg-adapter',
  async setup() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    return { adapter: PgAdapter(pool), rows: postgresRows(pool), teardown: drop }
  },
}

/** MySQLAdapter on a fresh MariaDB database. */
export const mariadbBackend: FlowBackend = {
  name: 'mariadb',
  async setup() {
    const { pool, drop } = await freshMariaDb()
    await migrateMysql(pool)
    const q = pool.promise()
    const rows: SessionRows = {
      async row(t) {
        const [r] = (
          await q.query('SELECT userId, expires FROM sessions WHERE sessionToken = ?', [t])
        )[0] as Array<{
          userId: string
          expires: Date
        }>
        return r ? { userId: r.userId, expires: r.expires } : null
      },
      setExpires: async (t, e) =>
        void (await q.query('UPDATE sessions SET expires = ? WHERE sessionToken = ?', [e, t])),
      insert: async (s) =>
        void (await q.query('INSERT INTO sessions (id, userId, expires, sessionToken) VALUES (?, ?, ?, ?)', [
          crypto.randomUUID(),
          s.userId,
          s.expires,
          s.sessionToken,
        ])),
    }
    return { adapter: MySQLAdapter(pool), rows, teardown: drop }
  },
}
