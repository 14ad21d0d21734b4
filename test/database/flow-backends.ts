import PgAdapter from '@auth/pg-adapter'
import type pg from 'pg'
import { MemoryAdapter } from '../../src/adapters/memory.js'
import { MySQLAdapter, migrate as migrateMysql } from '../../src/adapters/mysql.js'
import { PostgresAdapter, migrate as migratePostgres } from '../../src/adapters/postgres.js'
import { SQLiteAdapter, migrate as migrateSqlite } from '../../src/adapters/sqlite.js'
import { freshMariaDb, freshPostgres, freshSqlite } from '../support/test-databases.js'
import type { AccountRow, IdentityRow, IdentityRows, OAuthFlowBackend } from './oauth-database-scenarios.js'
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

// OAuth flows read users, accounts and sessions raw, as each backend stores them (see oauth-database-scenarios.ts).
// Accounts come sorted by provider, so that 'op' is before 'op-b' everywhere.
const ACCOUNT_COLUMNS = 'provider, type, access_token'

/** The memory adapter, identities read from its store. */
export const memoryOAuthBackend: OAuthFlowBackend = {
  name: 'memory',
  setup() {
    const adapter = MemoryAdapter()
    const { users, accounts, sessions } = adapter.store
    const identities: IdentityRows = {
      users: () => [...users.values()].map(({ id, email }) => ({ id, email })),
      accounts: () =>
        [...accounts.values()]
          .map(({ userId, provider, type, access_token }) => ({
            userId,
            provider,
            type,
            access_token: access_token ?? null,
          }))
          .sort((a, b) => a.provider.localeCompare(b.provider)),
      sessionUserId: (key) => sessions.get(key)?.userId ?? null,
    }
    return Promise.resolve({ adapter, identities, teardown: () => {} })
  },
}

/** SQLiteAdapter on an in-memory database, identities read with SQL. */
export const sqliteOAuthBackend: OAuthFlowBackend = {
  name: 'sqlite',
  async setup() {
    const db = freshSqlite()
    await migrateSqlite(db)
    const identities: IdentityRows = {
      users: () => db.prepare('SELECT id, email FROM users').all() as IdentityRow[],
      accounts: () =>
        db
          .prepare(`SELECT "userId", ${ACCOUNT_COLUMNS} FROM accounts ORDER BY provider`)
          .all() as AccountRow[],
      sessionUserId: (key) =>
        (
          db.prepare('SELECT "userId" FROM sessions WHERE "sessionToken" = ?').get(key) as
            { userId: string } | undefined
        )?.userId ?? null,
    }
    return { adapter: SQLiteAdapter(db), identities, teardown: () => void db.close() }
  },
}

function postgresIdentities(pool: pg.Pool): IdentityRows {
  // Ids are TEXT in Gatehouse's schema; String() also covers the SERIAL ids of a schema @auth/pg-adapter made.
  return {
    users: async () =>
      (await pool.query<IdentityRow>('SELECT id, email FROM users')).rows.map((r) => ({
        ...r,
        id: String(r.id),
      })),
    accounts: async () =>
      (
        await pool.query<AccountRow>(`SELECT "userId", ${ACCOUNT_COLUMNS} FROM accounts ORDER BY provider`)
      ).rows.map((r) => ({ ...r, userId: String(r.userId) })),
    sessionUserId: async (key) => {
      const { rows } = await pool.query<{ userId: string }>(
        'SELECT "userId" FROM sessions WHERE "sessionToken" = $1',
        [key],
      )
      return rows[0] ? String(rows[0].userId) : null
    },
  }
}

/** PostgresAdapter (Gatehouse's) on a fresh schema of the local server, identities read with SQL. */
export const postgresOAuthBackend: OAuthFlowBackend = {
  name: 'postgres',
  async setup() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    return { adapter: PostgresAdapter(pool), identities: postgresIdentities(pool), teardown: drop }
  },
}

/**
 * The third-party `@auth/pg-adapter`, unchanged, on a schema made by Gatehouse's migration. It has no
 * `updateAccount` (a Gatehouse extension), so a new sign-in leaves the account's tokens as they were.
 */
export const authPgAdapterOAuthBackend: OAuthFlowBackend = {
  name: '@auth/pg-adapter',
  refreshesAccountTokens: false,
  async setup() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    return { adapter: PgAdapter(pool), identities: postgresIdentities(pool), teardown: drop }
  },
}

/** MySQLAdapter on a fresh MariaDB database, identities read with SQL. */
export const mariadbOAuthBackend: OAuthFlowBackend = {
  name: 'mariadb',
  async setup() {
    const { pool, drop } = await freshMariaDb()
    await migrateMysql(pool)
    const q = pool.promise()
    const identities: IdentityRows = {
      // provider and email are VARBINARY on MySQL/MariaDB (exact comparison): read back as text.
      users: async () =>
        (await q.query('SELECT id, CONVERT(email USING utf8mb4) AS email FROM users'))[0] as IdentityRow[],
      accounts: async () =>
        (
          await q.query(
            `SELECT userId, CONVERT(provider USING utf8mb4) AS ${ACCOUNT_COLUMNS} FROM accounts ORDER BY provider`,
          )
        )[0] as AccountRow[],
      sessionUserId: async (key) =>
        (
          (await q.query('SELECT userId FROM sessions WHERE sessionToken = ?', [key]))[0] as Array<{
            userId: string
          }>
        )[0]?.userId ?? null,
    }
    return { adapter: MySQLAdapter(pool), identities, teardown: drop }
  },
}
