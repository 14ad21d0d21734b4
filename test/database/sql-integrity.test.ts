/**
 * Integrity on the real databases. First OAuth sign-ins write the user and the account as one unit, so a failure
 * leaves neither behind (and the next attempt starts afresh); concurrent first sign-ins with one account end with
 * one user and one account, every session belonging to it; and the schema itself deletes a user's accounts and
 * sessions with the user, whoever deletes the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Adapter } from '../../src/adapters/adapter.js'
import { MySQLAdapter, migrate as migrateMysql } from '../../src/adapters/mysql.js'
import { PostgresAdapter, migrate as migratePostgres } from '../../src/adapters/postgres.js'
import { SQLiteAdapter, migrate as migrateSqlite } from '../../src/adapters/sqlite.js'
import { AdapterError } from '../../src/errors.js'
import { hashSessionToken } from '../../src/session/session-token-key.js'
import { databaseAvailable, freshMariaDb, freshPostgres, freshSqlite } from '../support/test-databases.js'
import { identity, setup } from './sign-in-harness.js'

interface Backend {
  adapter: Adapter
  /** One number from a raw `SELECT count(*) …` with `?` placeholders. */
  count(sql: string, ...params: unknown[]): Promise<number>
  /** A raw statement with `?` placeholders. */
  exec(sql: string, ...params: unknown[]): Promise<void>
  /**
   * Makes the database refuse accounts whose providerAccountId starts with `doomed`, and keep users whose e-mail
   * does (as a database that went away would: nothing written after the fault can be undone), or undoes that.
   */
  refuseDoomed(on: boolean): Promise<void>
  close(): Promise<void>
}

const backends: Record<string, () => Promise<Backend>> = {
  async sqlite() {
    const db = freshSqlite()
    await migrateSqlite(db)
    return {
      adapter: SQLiteAdapter(db),
      count: (sql, ...params) =>
        Promise.resolve(Number(Object.values(db.prepare(sql).get(...params) as object)[0])),
      exec: (sql, ...params) => Promise.resolve(void db.prepare(sql).run(...params)),
      refuseDoomed: (on) =>
        Promise.resolve(
          void db.exec(
            on
              ? `CREATE TRIGGER doomed BEFORE INSERT ON accounts WHEN NEW."providerAccountId" LIKE 'doomed%'
                 BEGIN SELECT RAISE(ABORT, 'injected fault'); END;
                 CREATE TRIGGER doomed_kept BEFORE DELETE ON users WHEN OLD.email LIKE 'doomed%'
                 BEGIN SELECT RAISE(ABORT, 'injected fault'); END;`
              : 'DROP TRIGGER doomed; DROP TRIGGER doomed_kept;',
          ),
        ),
      close: () => Promise.resolve(void db.close()),
    }
  },
  async postgres() {
    const { pool, drop } = await freshPostgres()
    await migratePostgres(pool)
    const query = (sql: string, params: unknown[] = []) => {
      let n = 0
      return pool.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    }
    return {
      adapter: PostgresAdapter(pool),
      count: async (sql, ...params) => Number(Object.values((await query(sql, params)).rows[0] as object)[0]),
      exec: async (sql, ...params) => void (await query(sql, params)),
      refuseDoomed: async (on) =>
        void (await pool.query(
          on
            ? `ALTER TABLE accounts ADD CONSTRAINT doomed CHECK ("providerAccountId" NOT LIKE 'doomed%');
               CREATE RULE doomed_kept AS ON DELETE TO users WHERE OLD.email LIKE 'doomed%' DO INSTEAD NOTHING`
            : 'ALTER TABLE accounts DROP CONSTRAINT doomed; DROP RULE doomed_kept ON users',
        )),
      close: drop,
    }
  },
  async mariadb() {
    const { pool, drop } = await freshMariaDb()
    await migrateMysql(pool)
    const promise = pool.promise()
    return {
      adapter: MySQLAdapter(pool),
      count: async (sql, ...params) => {
        const [rows] = await promise.query(sql.replace(/"/g, '`'), params)
        return Number(Object.values((rows as object[])[0]!)[0])
      },
      exec: async (sql, ...params) => void (await promise.query(sql.replace(/"/g, '`'), params)),
      async refuseDoomed(on) {
        if (on) {
          await promise.query(
            "ALTER TABLE accounts ADD CONSTRAINT doomed CHECK (`providerAccountId` NOT LIKE 'doomed%')",
          )
          await promise.query(`CREATE TRIGGER doomed_kept BEFORE DELETE ON users FOR EACH ROW
            IF OLD.email LIKE 'doomed%' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected fault'; END IF`)
        } else {
          await promise.query('ALTER TABLE accounts DROP CONSTRAINT doomed')
          await promise.query('DROP TRIGGER doomed_kept')
        }
      },
      close: drop,
    }
  },
}

const available = {
  sqlite: true,
  postgres: await databaseAvailable('postgres'),
  mariadb: await databaseAvailable('mariadb'),
}

for (const [name, open] of Object.entries(backends)) {
  describe.skipIf(!available[name as keyof typeof available])(`first sign-in on ${name}`, () => {
    let backend: Backend
    beforeAll(async () => {
      backend = await open()
    })
    afterAll(() => backend?.close())

    it('a database fault while linking leaves no user, even when nothing can be undone, and the next sign-in creates both', async () => {
      const { signIn } = setup({ adapter: backend.adapter })
      const who = identity('idp', 'doomed-1', 'doomed@example.com')
      await backend.refuseDoomed(true)
      try {
        const error = await signIn(who).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(AdapterError)
        expect(await backend.count('SELECT count(*) FROM users WHERE email = ?', 'doomed@example.com')).toBe(
          0,
        )
      } finally {
        await backend.refuseDoomed(false)
      }
      const { result } = await signIn(who)
      expect(result.redirect).toContain('/welcome')
      expect(await backend.count('SELECT count(*) FROM users WHERE email = ?', 'doomed@example.com')).toBe(1)
      expect(
        await backend.count('SELECT count(*) FROM accounts WHERE "providerAccountId" = ?', 'doomed-1'),
      ).toBe(1)
    })

    it('concurrent first sign-ins with one account make one user and one account, and every session is its', async () => {
      const { signIn } = setup({ adapter: backend.adapter })
      for (const [round, email] of ['race@example.com', null, 'race2@example.com'].entries()) {
        const sub = `race-${round}`
        const usersBefore = await backend.count('SELECT count(*) FROM users')
        const results = await Promise.all([1, 2, 3, 4, 5].map(() => signIn(identity('idp', sub, email))))
        expect(await backend.count('SELECT count(*) FROM users')).toBe(usersBefore + 1)
        expect(await backend.count('SELECT count(*) FROM accounts WHERE "providerAccountId" = ?', sub)).toBe(
          1,
        )
        for (const { cookie } of results) {
          expect(
            await backend.count(
              `SELECT count(*) FROM sessions s JOIN accounts a ON a."userId" = s."userId"
               WHERE s."sessionToken" = ? AND a."providerAccountId" = ?`,
              hashSessionToken(cookie!),
              sub,
            ),
          ).toBe(1)
        }
      }
    })

    it("deleting a user's row deletes their accounts and sessions (ON DELETE CASCADE)", async () => {
      const { signIn } = setup({ adapter: backend.adapter })
      const { cookie } = await signIn(identity('idp', 'cascade', 'cascade@example.com'))
      const key = hashSessionToken(cookie!)
      expect(await backend.count('SELECT count(*) FROM sessions WHERE "sessionToken" = ?', key)).toBe(1)
      // A raw delete, not the adapter's deleteUser (which also deletes the rows itself): the schema must do it.
      await backend.exec('DELETE FROM users WHERE email = ?', 'cascade@example.com')
      expect(await backend.count('SELECT count(*) FROM sessions WHERE "sessionToken" = ?', key)).toBe(0)
      expect(
        await backend.count('SELECT count(*) FROM accounts WHERE "providerAccountId" = ?', 'cascade'),
      ).toBe(0)
    })
  })
}
