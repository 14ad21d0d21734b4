/**
 * Schema version 4 (a name per passkey) can run again after a crash between its DDL and its bookkeeping: on
 * MySQL/MariaDB, where DDL commits at once, its statements are re-run on a database that already has the column.
 */
import { describe, expect, it } from 'vitest'
import { migrate as migrateMysql } from '../../src/adapters/mysql.js'
import { migrations } from '../../src/adapters/sql/migrations.js'
import { databaseAvailable, freshMariaDb } from '../support/test-databases.js'

const version4 = migrations.find((m) => m.version === 4)!

const mariadb = await databaseAvailable('mariadb')
describe.skipIf(!mariadb)('schema version 4 on MariaDB', () => {
  it('adds authenticators.name once, and its statements run again without error', async () => {
    const { pool, drop } = await freshMariaDb()
    try {
      expect((await migrateMysql(pool)).applied).toEqual(migrations.map((m) => m.version))
      // One connection: the statements share a session variable and a prepared statement.
      const connection = await pool.promise().getConnection()
      try {
        for (const statement of version4.statements.mysql) await connection.query(statement)
      } finally {
        connection.release()
      }
      const [columns] = await pool.promise().query(
        `SELECT column_name AS c, is_nullable AS n FROM information_schema.columns
           WHERE table_schema = DATABASE() AND table_name = 'authenticators' AND column_name = 'name'`,
      )
      expect(columns).toEqual([{ c: 'name', n: 'YES' }])
    } finally {
      await drop()
    }
  })
})
